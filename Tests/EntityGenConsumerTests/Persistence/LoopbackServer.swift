import EntityGenTestSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port) serving fixed bodies by path and query, for
/// the integration test that fetches pages over a real socket.
final class LoopbackServer: @unchecked Sendable {
    let port: UInt16
    private let socketDescriptor: Int32
    private let pages: [String: Data]
    private let headers: [String: [String: String]]
    private let lock = NSLock()
    private var served: [String] = []
    private var heads: [String] = []

    /// Paths requested so far.
    var requests: [String] { lock.withLock { served } }
    /// The requests' header sections, in order.
    var requestHeads: [String] { lock.withLock { heads } }

    /// Serves `pages` by path and query, each with its `headers` (by the same key) added to the response;
    /// `{base}` in a header value becomes the server's own base URL, and a `:status` header sets the
    /// status line (`302 Found`, with a `Location`).
    init(pages: [String: Data], headers: [String: [String: String]] = [:]) throws {
        self.pages = pages
        self.headers = headers
        (socketDescriptor, port) = try LoopbackListener.open()
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { close(socketDescriptor) }

    /// Stops accepting connections.
    func stop() { shutdown(socketDescriptor, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 { return }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.ends(with: Array("\r\n\r\n".utf8)) {
                let count = read(client, &buffer, buffer.count)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
            let target = line.count > 1 ? String(line[1]) : "/"
            lock.withLock {
                served.append(target)
                heads.append(String(decoding: request, as: UTF8.self))
            }
            let body = pages[target]
            let status = headers[target]?[":status"] ?? (body == nil ? "404 Not Found" : "200 OK")
            let payload = body ?? Data("no page \(target)".utf8)
            // `{base}` in a header value is this server's `http://127.0.0.1:<port>`.
            let base = "http://127.0.0.1:\(port)"
            let extra = (headers[target] ?? [:]).filter { $0.key != ":status" }.sorted { $0.key < $1.key }.map {
                "\($0.key): \($0.value.replacingOccurrences(of: "{base}", with: base))\r\n"
            }.joined()
            let head =
                "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\n\(extra)Connection: close\r\n\r\n"
            let response = Array(head.utf8) + Array(payload)
            LoopbackListener.send(response, to: client)
            close(client)
        }
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
