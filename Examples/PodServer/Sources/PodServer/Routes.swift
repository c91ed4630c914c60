import Foundation
import Hummingbird
import PostgresNIO

/// The server's routes.
enum Routes {
    /// One stored pod, as `GET /pods` returns it.
    struct StoredPod: ResponseEncodable, Codable {
        var name: String
        var version: String
        var summary: String?
        var homepage: String?
    }

    static func router(pods: PodSync, client: PostgresClient) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("health") { _, _ in "ok: \(await pods.last)" }
        // The stored rows, read back with postgres-nio.
        router.get("pods") { _, _ -> [StoredPod] in
            var rows: [StoredPod] = []
            let query: PostgresQuery =
                #"SELECT "name", "version", "summary", "homepage" FROM "pod" ORDER BY "name", "version""#
            for try await (name, version, summary, homepage) in try await client.query(query).decode(
                (String, String, String?, String?).self)
            {
                rows.append(StoredPod(name: name, version: version, summary: summary, homepage: homepage))
            }
            return rows
        }
        // A sync now, besides the timer's; answers with its report.
        router.post("sync") { _, _ in await pods.sync() }
        // The fake upstream: `GET /upstream/specs?page=N`.
        router.get("upstream/specs") { request, _ -> Response in
            let page = request.uri.queryParameters.get("page", as: Int.self) ?? 0
            guard let body = FakeUpstream.page(page) else { return Response(status: .notFound) }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        return router
    }
}
