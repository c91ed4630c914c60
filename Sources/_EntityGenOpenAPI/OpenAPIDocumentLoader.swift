import _EntityGenCore
import EntityGenRuntime
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI 3.0 or 3.1 document (JSON or YAML) with OpenAPIKit, as swift-openapi-generator does:
/// the `openapi` version first, then the document, 3.0 converted to OpenAPIKit's 3.1 model.
public enum OpenAPIDocumentLoader {
    /// Whether a file is an OpenAPI document rather than a sample payload: a `.yaml`/`.yml` file, or JSON
    /// whose top level has an `openapi` or `swagger` key. A JSON file is read whole only when its first
    /// 64 KB name one of those keys, so sample payloads are not read twice.
    public static func isDocument(at path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return true }
        // Only a regular file is looked into: reading a pipe's head would take it from the sample reader,
        // and opening a FIFO no process writes to would block.
        var status = stat()
        guard lower.hasSuffix(".json"), stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64 << 10)) ?? Data(), as: UTF8.self)
        guard head.contains("\"openapi\"") || head.contains("\"swagger\""),
            let bytes = try? read(path, accepting: .regularFiles), let document = try? JSONDocument(bytes: bytes)
        else { return false }
        return document.withRoot { root in root["openapi"] != nil || root["swagger"] != nil }
    }

    /// The document at `path`, with the files its `$ref`s name loaded, or an error that says where and why.
    public static func load(_ path: String) throws(OpenAPILoadError) -> OpenAPIKit.OpenAPI.Document {
        let data: Data
        do throws(InputError) {
            data = Data(try read(path, accepting: .regularFilesAndPipes))
        } catch {
            throw OpenAPILoadError(path: path, message: error.message)
        }
        struct Versioned: Decodable {
            var openapi: String?
            var swagger: String?
        }
        let decoder = YAMLDecoder()  // YAML is a superset of JSON: one decoder reads both
        let versioned: Versioned
        do {
            versioned = try decoder.decode(Versioned.self, from: data)
        } catch {
            throw OpenAPILoadError(path: path, message: "not a YAML or JSON document: \(Self.describe(error))")
        }
        if let swagger = versioned.swagger {
            throw OpenAPILoadError(
                path: path, message: "Swagger \(swagger) (OpenAPI 2) is not supported: convert it to OpenAPI 3 first")
        }
        guard let version = versioned.openapi else {
            throw OpenAPILoadError(path: path, message: "no 'openapi' version: not an OpenAPI document")
        }
        // The files its `$ref`s name, brought in (ReferenceBundler), then one document for OpenAPIKit.
        let node: Node
        do {
            guard
                let composed = try Parser(
                    yaml: String(decoding: data, as: UTF8.self), resolver: Resolver.basic.appending(Resolver.Rule.merge)
                ).singleRoot()
            else {
                throw OpenAPILoadError(path: path, message: "empty")
            }
            node = try ReferenceBundler.bundle(composed, documentAt: path)
        } catch let error as ReferenceBundler.BundleError {
            throw OpenAPILoadError(path: path, message: "$ref \(error)")
        } catch let error as OpenAPILoadError {
            throw error
        } catch {
            throw OpenAPILoadError(path: path, message: "not a YAML or JSON document: \(Self.describe(error))")
        }
        do {
            if version.hasPrefix("3.0.") {
                return try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: node).convert(to: .v3_1_0)
            }
            if version.hasPrefix("3.1.") || version.hasPrefix("3.2.") {
                return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: node)
            }
        } catch {
            throw OpenAPILoadError(path: path, message: Self.describe(error))
        }
        throw OpenAPILoadError(path: path, message: "OpenAPI \(version) is not supported: give a 3.0 or 3.1 document")
    }

    /// The largest document read, and file its `$ref`s name: 256 MiB (the largest public descriptions,
    /// GitHub's and Stripe's, are 10-20 MB; YAML's parser needs many times the text's size).
    static let maximumSize = 256 << 20

    /// A document's or a referenced file's bytes, bounded (``InputFile``).
    static func read(_ path: String, accepting: InputFile.Accepted) throws(InputError) -> [UInt8] {
        try InputFile.read(path, limit: maximumSize, accepting: accepting, what: "OpenAPI documents")
    }

    /// A decoding error as one line: where in the document, and what.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context),
            let .valueNotFound(_, context):
            let path = context.codingPath.map(\.stringValue).joined(separator: "/")
            let underlying = context.underlyingError.map { ": \($0)" } ?? ""
            return (path.isEmpty ? "" : "#/\(path): ") + context.debugDescription + underlying
        @unknown default:
            return "\(error)"
        }
    }
}

/// An OpenAPI document that cannot be read.
public struct OpenAPILoadError: Error, CustomStringConvertible {
    /// The document's path.
    public var path: String
    /// Why.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
