import EntityGenTestSupport
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A to-do server on 127.0.0.1 for the push tests: it keeps to-dos by id (assigning 100, 101, ... to a
/// creation without one), applies `POST /todos`,
/// `PATCH /todos/{id}` and `DELETE /todos/{id}` once per idempotency key (a repeated key gets the first
/// response again), logs every request, and answers as `script` says before it applies anything
/// (a status to return instead, or `nil` to apply the request).
final class PushServer: @unchecked Sendable {
    /// One request as received.
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: [String: Any]? {
            bodyBytes.isEmpty ? nil : (try? JSONSerialization.jsonObject(with: bodyBytes)) as? [String: Any]
        }
        var bodyBytes: Data
    }

    /// What to answer instead of applying a request: a status line, headers and a body.
    struct Refusal: Sendable {
        var status: String
        var headers: [String: String] = [:]
        var body = ""
    }

    let port: UInt16
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var log: [Request] = []
    private var todos: [String: [String: Any]] = [:]
    private var applied: [String: (String, Data)] = [:]
    private let script: @Sendable (Request, Int) -> Refusal?
    private let dropsResponse: @Sendable (Request, Int) -> Bool
    private let delay: @Sendable (Request, Int) -> UInt32
    private var appliedLog: [Request] = []
    private var nextID = 99
    private var collections: [String: String] = [:]

    /// Requests received so far, in order.
    var requests: [Request] { lock.withLock { log } }
    /// The server's to-dos by id.
    var stored: [String: [String: Any]] { lock.withLock { todos } }
    /// How many distinct idempotency keys the server applied.
    var appliedKeys: Int { lock.withLock { applied.count } }
    /// The requests the server applied, in order (a repeated idempotency key is not applied again).
    var appliedRequests: [Request] { lock.withLock { appliedLog } }

    /// Changes a to-do's title (or a memo's text) on the server, as another client would.
    func change(_ id: String, title: String? = nil, text: String? = nil) {
        lock.withLock {
            if let title { todos[id]?["title"] = title }
            if let text { todos[id]?["text"] = text }
            if todos[id] != nil, title != nil { todos[id]?["updated_at"] = "2026-11-26T12:00:00Z" }
        }
    }

    /// Changes fields of an item on the server, as another client would, and stamps its `updated_at`
    /// with the server's clock (ISO 8601 with milliseconds); returns the stamp.
    @discardableResult
    func stamp(_ id: String, _ fields: [String: String]) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let now = formatter.string(from: Date())
        lock.withLock {
            guard todos[id] != nil else { return }
            for (key, value) in fields { todos[id]?[key] = value }
            todos[id]?["updated_at"] = now
        }
        return now
    }

    /// Stores an item in `collection`, as if another client had created it.
    func seed(_ id: String, _ item: [String: Any], in collection: String = "todos") {
        lock.withLock {
            todos[id] = item
            collections[id] = collection
        }
    }

    /// Deletes a to-do on the server, as another client would.
    func remove(_ id: String) { lock.withLock { todos[id] = nil } }

    /// The server's to-dos as a feed page (a JSON array, by id).
    var page: Data {
        lock.withLock {
            let list = todos.keys.sorted().compactMap { todos[$0] }
            return (try? JSONSerialization.data(withJSONObject: list)) ?? Data("[]".utf8)
        }
    }

    /// The items created through `POST /<collection>` as a feed page (a JSON array, by id).
    func page(of collection: String) -> Data {
        lock.withLock {
            let list = todos.keys.sorted().filter { collections[$0] == collection }.compactMap { todos[$0] }
            return (try? JSONSerialization.data(withJSONObject: list)) ?? Data("[]".utf8)
        }
    }

    /// The base URL (`http://127.0.0.1:<port>/api`).
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }

    /// Starts serving; `script` sees each request with its index and may refuse it; when `dropsResponse`
    /// says so, the request is applied and the connection closed without a response (a response lost
    /// after the server applied the edit); `delay` gives the microseconds to wait before answering.
    init(
        script: @escaping @Sendable (Request, Int) -> Refusal? = { _, _ in nil },
        dropsResponse: @escaping @Sendable (Request, Int) -> Bool = { _, _ in false },
        delay: @escaping @Sendable (Request, Int) -> UInt32 = { _, _ in 0 }
    ) throws {
        self.script = script
        self.dropsResponse = dropsResponse
        self.delay = delay
        (socketDescriptor, port) = try LoopbackListener.open()
        Thread { [self] in serve() }.start()
    }

    deinit { close(socketDescriptor) }

    /// Stops accepting connections.
    func stop() { shutdown(socketDescriptor, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            if client < 0 { return }
            guard let request = read(client) else {
                close(client)
                continue
            }
            let index = lock.withLock {
                log.append(request)
                return log.count - 1
            }
            let pause = delay(request, index)
            if pause > 0 { usleep(pause) }
            let (status, headers, body) = respond(to: request, index: index)
            if dropsResponse(request, index) {
                close(client)
                continue
            }
            let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            let head =
                "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(extra)Connection: close\r\n\r\n"
            let response = Array(head.utf8) + Array(body)
            LoopbackListener.send(response, to: client)
            close(client)
        }
    }

    private func respond(to request: Request, index: Int) -> (String, [String: String], Data) {
        if let refusal = script(request, index) {
            return (refusal.status, refusal.headers, Data(refusal.body.utf8))
        }
        let key = request.headers["idempotency-key"] ?? UUID().uuidString
        return lock.withLock {
            if let (status, body) = applied[key] { return (status, [:], body) }
            let parts = request.path.split(separator: "/").map(String.init)
            var status = "200 OK"
            var body = Data()
            switch (request.method, parts.count) {
            case ("POST", 1):
                var todo = request.body ?? [:]
                if todo["id"] == nil {
                    // A creation without an id (one made offline with a temporary id): the server assigns it.
                    nextID += 1
                    todo["id"] = nextID
                }
                todo["updated_at"] = "2026-11-26T10:00:00Z"
                if let id = todo["id"].map({ "\($0)" }) {
                    todos[id] = todo
                    collections[id] = parts[0]
                }
                status = "201 Created"
                body = (try? JSONSerialization.data(withJSONObject: todo)) ?? Data()
            case ("PATCH", 2):
                guard var todo = todos[parts[1]] else { return ("404 Not Found", [:], Data("no such to-do".utf8)) }
                for (name, value) in request.body ?? [:] { todo[name] = value }
                todo["updated_at"] = "2026-11-26T11:00:00Z"
                todos[parts[1]] = todo
                body = (try? JSONSerialization.data(withJSONObject: todo)) ?? Data()
            case ("DELETE", 2):
                todos[parts[1]] = nil
                status = "204 No Content"
            default:
                return ("405 Method Not Allowed", [:], Data())
            }
            applied[key] = (status, body)
            appliedLog.append(request)
            return (status, [:], body)
        }
    }

    private func read(_ client: Int32) -> Request? {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        var contentLength = 0
        while true {
            if headEnd == nil, let end = LoopbackListener.headerEnd(in: bytes) {
                headEnd = end
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    contentLength =
                        Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if let headEnd, bytes.count >= headEnd + 4 + contentLength { break }
            let count = Glibc.read(client, &buffer, buffer.count)
            if count <= 0 { return nil }
            bytes += buffer[0..<count]
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).split(separator: "\r\n")
        let start = lines.first?.split(separator: " ") ?? []
        guard start.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var path = String(start[1])
        if path.hasPrefix("/api") { path.removeFirst(4) }
        return Request(
            method: String(start[0]), path: path, headers: headers,
            bodyBytes: Data(bytes[(headEnd + 4)..<(headEnd + 4 + contentLength)]))
    }
}
