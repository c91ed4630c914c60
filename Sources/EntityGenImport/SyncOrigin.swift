import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a sync may send its requests: the origin (scheme, host and port) of the URL it started from,
/// and the hosts the app allows besides. Pages come from a server the app does not control, and every
/// request carries what the request hook adds (`Authorization: Bearer ...`): a next URL in a page body,
/// a `Link` header or a redirect naming another host would receive the app's credentials, and its pages
/// would decide which rows are deleted as orphans. A sync that started over HTTP never follows a
/// non-HTTP URL (a `file://` next URL would read the device's files); one that started from a file
/// follows only files.
package struct SyncOrigin: Sendable {
    /// The start URL's scheme, lowercased.
    let scheme: String
    /// The start URL's host, lowercased (empty for a file).
    let host: String
    /// The start URL's port, the scheme's default when it names none.
    let port: Int?
    /// Other hosts the app allows, lowercased (over HTTP or HTTPS, any port).
    let allowedHosts: Set<String>

    /// The origin of `start`, with `allowedHosts` allowed besides.
    package init(_ start: URL, allowedHosts: Set<String>) {
        scheme = start.scheme?.lowercased() ?? ""
        host = start.host?.lowercased() ?? ""
        port = Self.port(of: start)
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    /// Why the sync must not request `url`, or `nil` when it may.
    package func refusal(of url: URL) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        if self.scheme == "file" {
            return scheme == "file" ? nil : "a sync that started from a file follows only files"
        }
        guard scheme == "http" || scheme == "https" else {
            return "a sync that started over HTTP follows only HTTP and HTTPS URLs, never '\(scheme):' ones"
        }
        let host = url.host?.lowercased() ?? ""
        if scheme == self.scheme, host == self.host, Self.port(of: url) == port { return nil }
        if allowedHosts.contains(host) { return nil }
        return "it is on another origin than the sync's (\(self.scheme)://\(self.host)\(port.map { ":\($0)" } ?? ""))"
            + ", and a sync sends its requests, with the request hook's headers, only there; "
            + "list the hosts to follow in allowedHosts"
    }

    private static func port(of url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}

/// Refuses redirects a `SyncOrigin` does not allow, before their request is sent (the session would
/// otherwise follow them with the same headers); the response is then the redirect itself.
package final class SyncRedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    let origin: SyncOrigin

    package init(_ origin: SyncOrigin) {
        self.origin = origin
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let url = request.url, origin.refusal(of: url) == nil else { return completionHandler(nil) }
        completionHandler(request)
    }
}
