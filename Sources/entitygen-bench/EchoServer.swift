import EntityGenTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The push benchmark's server on 127.0.0.1: HTTP/1.1 with keep-alive, a thread per connection, each
/// request answered with its own body (`201`/`200`) or nothing (`204` for a `DELETE`), so that both
/// sides of the benchmark get the same answers and the server's own work is the same for both.
final class EchoServer: @unchecked Sendable {
    let port: UInt16
    private let socketDescriptor: Int32

    /// The base URL.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts listening on an ephemeral port.
    init() throws {
        (socketDescriptor, port) = try LoopbackListener.open()
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 { return }
            Thread { Self.serve(client) }.start()
        }
    }

    /// Answers the requests of one connection until the client closes it.
    private static func serve(_ client: Int32) {
        defer { close(client) }
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            // One request: the head, then Content-Length bytes of body.
            var headEnd: Int?
            var contentLength = 0
            while true {
                if headEnd == nil, let end = LoopbackListener.headerEnd(in: pending) {
                    headEnd = end
                    for line in String(decoding: pending[..<end], as: UTF8.self).split(separator: "\r\n")
                    where line.lowercased().hasPrefix("content-length:") {
                        contentLength = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
                if let headEnd, pending.count >= headEnd + 4 + contentLength { break }
                let count = read(client, &buffer, buffer.count)
                if count <= 0 { return }
                pending += buffer[0..<count]
            }
            let end = headEnd! + 4 + contentLength
            let method = pending.prefix { $0 != UInt8(ascii: " ") }
            let body = Array(pending[(headEnd! + 4)..<end])
            pending.removeFirst(end)
            let isDelete = method.elementsEqual("DELETE".utf8)
            let isCreate = method.elementsEqual("POST".utf8)
            let status = isDelete ? "204 No Content" : isCreate ? "201 Created" : "200 OK"
            let payload = isDelete ? [] : body
            let head =
                "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
            let response = Array(head.utf8) + payload
            guard LoopbackListener.send(response, to: client) else { return }
        }
    }
}
