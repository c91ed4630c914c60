import _EntityGenCore
import Foundation
import Yams

/// Brings the files an OpenAPI document's `$ref`s name (`schemas/Pet.yaml`,
/// `common.yaml#/components/schemas/Error`) into the document before OpenAPIKit reads it: a schema is
/// stored under `components.schemas` (named after the fragment's last token or the file, so it becomes
/// an entity of that name) and the reference points there; anything else (a response, a parameter) is
/// put in place of its reference. References inside a loaded file are relative to that file, and its
/// own `#/...` references name its own parts.
///
/// Only files inside the document's folder are read (symbolic links resolved), and nothing from the
/// network: a document someone else wrote cannot make `entitygen infer` read `/etc/passwd` or `~/.ssh`,
/// or fetch a URL. (OpenAPIKit's own external loading is asynchronous and, as a package trait, added
/// about a minute to a cold debug build.)
struct ReferenceBundler {
    /// The document's folder, resolved: nothing outside it is read.
    let root: URL
    /// Components added, by key.
    private(set) var schemas: [(key: String, node: Node)] = []
    /// The component key of each (file, fragment) already brought in (a cycle ends at its key).
    private var keys: [String: String] = [:]
    /// Keys taken by the document's own components.
    private var taken: Set<String>
    /// Parsed files, by path.
    private var files: [String: Node] = [:]
    /// Files read, relative to the folder.
    private(set) var read: [String] = []

    /// Keys under which a `$ref` names a schema (the others name a response, a parameter, ...).
    private static let schemaKeys: Set<String> = ["schema", "items", "additionalProperties", "not", "contains"]
    /// Keys whose members or elements are schemas.
    private static let schemaContainers: Set<String> = [
        "properties", "schemas", "allOf", "oneOf", "anyOf", "prefixItems", "patternProperties", "$defs",
    ]

    /// The document `node` (read from `path`) with every reference to another file brought in.
    static func bundle(_ node: Node, documentAt path: String) throws(BundleError) -> Node {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
            .resolvingSymlinksInPath()
        var bundler = ReferenceBundler(root: folder, taken: Self.componentKeys(of: node))
        var result = try bundler.visit(node, file: nil, parentKey: nil, inContainer: nil)
        guard !bundler.schemas.isEmpty else { return result }
        // Into `components.schemas`, created when the document has none.
        var rootMapping = result.mapping ?? Node.Mapping([])
        var components = rootMapping["components"]?.mapping ?? Node.Mapping([])
        var schemas = components["schemas"]?.mapping ?? Node.Mapping([])
        for (key, schema) in bundler.schemas { schemas[Node(key)] = schema }
        components["schemas"] = .mapping(schemas)
        rootMapping["components"] = .mapping(components)
        result = .mapping(rootMapping)
        return result
    }

    private static func componentKeys(of node: Node) -> Set<String> {
        Set(node.mapping?["components"]?.mapping?["schemas"]?.mapping?.keys.compactMap(\.string) ?? [])
    }

    /// A node with the references below it brought in. `file` is the loaded file it comes from (`nil`:
    /// the document), `parentKey` the key it is the value of, `inContainer` the key of the mapping or
    /// sequence holding it.
    private mutating func visit(
        _ node: Node, file: URL?, parentKey: String?, inContainer: String?
    ) throws(BundleError) -> Node {
        switch node {
        case .scalar, .alias: return node
        case let .sequence(sequence):
            var elements: [Node] = []
            for element in sequence {
                elements.append(try visit(element, file: file, parentKey: nil, inContainer: parentKey))
            }
            return .sequence(Node.Sequence(elements, sequence.tag, sequence.style))
        case let .mapping(mapping):
            if let reference = mapping["$ref"]?.string {
                let isSchema =
                    parentKey.map(Self.schemaKeys.contains) == true
                    || inContainer.map(Self.schemaContainers.contains) == true
                if let replaced = try resolve(reference, from: file, asSchema: isSchema) { return replaced }
            }
            var pairs: [(Node, Node)] = []
            for (key, value) in mapping {
                let name = key.string
                pairs.append(
                    (key, try visit(value, file: file, parentKey: name, inContainer: parentKey)))
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style))
        }
    }

    /// What replaces a `{$ref: ...}` object: `nil` to keep it (a reference inside the document), a
    /// reference to the component it became (a schema), or the node itself (anything else).
    private mutating func resolve(
        _ reference: String, from file: URL?, asSchema: Bool
    ) throws(BundleError) -> Node? {
        let (path, fragment) = Self.split(reference)
        if path.isEmpty, file == nil { return nil }  // `#/components/...` of the document itself
        let target = try location(path.isEmpty ? file!.path : path, relativeTo: file, reference: reference)
        let identity = target.path + "#" + fragment
        if asSchema, let key = keys[identity] { return Self.localReference(key) }
        let loaded = try node(at: fragment, in: target, reference: reference)
        guard asSchema else { return try visit(loaded, file: target, parentKey: nil, inContainer: nil) }
        let key = uniqueKey(Self.componentName(fragment: fragment, file: target))
        keys[identity] = key
        let index = schemas.count
        schemas.append((key, Node("")))  // its place, kept in order; filled below
        schemas[index].node = try visit(loaded, file: target, parentKey: "schema", inContainer: nil)
        return Self.localReference(key)
    }

    /// The file a reference names, checked: local, inside the folder.
    private func location(_ path: String, relativeTo file: URL?, reference: String) throws(BundleError) -> URL {
        if path.contains("://") {
            throw BundleError("'\(reference)' is not a local file: references are not fetched over the network")
        }
        let decoded = path.removingPercentEncoding ?? path
        let base = file?.deletingLastPathComponent() ?? root
        let url =
            (decoded.hasPrefix("/") ? URL(fileURLWithPath: decoded) : base.appendingPathComponent(decoded))
            .standardizedFileURL.resolvingSymlinksInPath()
        let folder = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard url.path.hasPrefix(folder) else {
            throw BundleError(
                "'\(reference)' is outside the document's folder (\(root.path)): only files beside the document or below it are read"
            )
        }
        return url
    }

    /// The node a fragment (a JSON pointer) names in a file.
    private mutating func node(at fragment: String, in file: URL, reference: String) throws(BundleError) -> Node {
        var node: Node
        if let parsed = files[file.path] {
            node = parsed
        } else {
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw BundleError("'\(reference)': no file at \(file.path)")
            }
            // Bounded, and only a regular file: a link to a device beside the document is refused, not read.
            let data: [UInt8]
            do throws(InputError) {
                data = try OpenAPIDocumentLoader.read(file.path, accepting: .regularFiles)
            } catch {
                throw BundleError("'\(reference)': \(file.path): \(error.message)")
            }
            do {
                guard
                    let parsed = try Parser(
                        yaml: String(decoding: data, as: UTF8.self),
                        resolver: Resolver.basic.appending(Resolver.Rule.merge)
                    ).singleRoot()
                else {
                    throw BundleError("'\(reference)': the file is empty")
                }
                node = parsed
            } catch let error as BundleError {
                throw error
            } catch {
                throw BundleError("'\(reference)': not YAML or JSON: \(error)")
            }
            files[file.path] = node
            read.append(String(file.path.dropFirst(root.path.count + 1)))
        }
        for token in Self.pointerTokens(fragment) {
            let next =
                node.mapping?[token]
                ?? Int(token).flatMap { index in node.sequence.flatMap { index < $0.count ? $0[index] : nil } }
            guard let next else { throw BundleError("'\(reference)': the file has nothing at '\(token)'") }
            node = next
        }
        return node
    }

    private mutating func uniqueKey(_ base: String) -> String {
        var key = base
        var number = 2
        while taken.contains(key) {
            key = base + "_\(number)"
            number += 1
        }
        taken.insert(key)
        return key
    }

    private static func localReference(_ key: String) -> Node {
        .mapping(Node.Mapping([(Node("$ref"), Node("#/components/schemas/" + key))]))
    }

    /// `file.yaml#/a/b` -> (`file.yaml`, `/a/b`).
    static func split(_ reference: String) -> (path: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// The fragment's last token (`Error`), or the file's name without its extension (`Pet`), with what a
    /// component key cannot hold as `_`.
    static func componentName(fragment: String, file: URL) -> String {
        let base = pointerTokens(fragment).last ?? file.deletingPathExtension().lastPathComponent
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        let key = String(base.map { allowed.contains($0) ? $0 : "_" })
        return key.isEmpty ? "Component" : key
    }

    /// A JSON pointer's tokens, unescaped (`~1` is `/`, `~0` is `~`).
    static func pointerTokens(_ fragment: String) -> [String] {
        fragment.split(separator: "/").map { token in
            (String(token).removingPercentEncoding ?? String(token)).replacingOccurrences(of: "~1", with: "/")
                .replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// Why a referenced file was not brought in.
    struct BundleError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
