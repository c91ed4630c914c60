import EntityGenImport
import Testing

/// `Link` header values as servers send them (RFC 8288).
@Suite struct Test_LinkHeader {
    @Test func findsTheNextPageAsGitHubSendsIt() {
        let header = LinkHeader(
            #"<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last""#
        )
        #expect(header.target(relation: "next") == "https://api.github.com/repositories/1/issues?page=2")
        #expect(header.target(relation: "last") == "https://api.github.com/repositories/1/issues?page=5")
        #expect(header.target(relation: "prev") == nil)
    }

    @Test(arguments: [
        (#"</page/2>; rel=next"#, "/page/2"),  // unquoted token
        (#"</a>; rel="first prev", </b>; rel="NEXT""#, "/b"),  // several relations, case-insensitive
        (#"</a>; title="x, y"; rel="next""#, "/a"),  // a comma inside quotes does not end the link
        (#"</a>;rel="next";type="application/json""#, "/a"),  // no spaces, more parameters
        (#"  </a> ;  rel = "next" "#, "/a"),  // spaces around everything
        (#"<>; rel="next""#, ""),  // an empty target is the page itself; the caller resolves it
    ])
    func parsesParametersAsTheRFCAllows(value: String, next: String) {
        #expect(LinkHeader(value).target(relation: "next") == next)
    }

    @Test(arguments: ["", "garbage", #"</a>; rel="prev""#, #"</a>; title="next""#, "</unterminated; rel=next", "<"])
    func findsNoNextLinkInAnythingElse(value: String) {
        #expect(LinkHeader(value).target(relation: "next") == nil)
    }
}
