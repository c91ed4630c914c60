/// A paginated upstream of 25 pods, 10 per page: what a real API would serve at `/specs?page=N`.
enum FakeUpstream {
    static let pods = (1...25).map { index in
        #"{"name": "Pod\#(index)", "version": "1.\#(index % 3).0", "summary": "Pod number \#(index)", "homepage": "https://pods.example/\#(index)"}"#
    }
    static let pageSize = 10
    static var pageCount: Int { (pods.count + pageSize - 1) / pageSize }

    /// Page `number` (from 0), or `nil` past the last.
    static func page(_ number: Int) -> [UInt8]? {
        guard number >= 0, number < pageCount else { return nil }
        let items = pods[(number * pageSize)..<min(pods.count, (number + 1) * pageSize)]
        return Array(#"{"number_of_pages": \#(pageCount), "result": [\#(items.joined(separator: ", "))]}"#.utf8)
    }
}
