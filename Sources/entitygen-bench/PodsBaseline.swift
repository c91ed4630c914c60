import EntityGenRuntime
import Foundation

// The synthetic pod-spec payload, and the two baselines mapping it: JSONDecoder into hand-written
// Codable types, and JSONSerialization plus hand mapping into the same types. The generated BenchPod
// is converted into them to check all three results are equal before anything is timed.

struct CodablePod: Decodable, Equatable {
    struct License: Decodable, Equatable { let type: String?; let file: String? }
    struct Source: Decodable, Equatable { let git: URL?; let tag: String? }
    let name: String
    let version: String
    let summary: String?
    let description: String?
    let homepage: URL?
    let social_media_url: URL?
    let license: License?
    let authors: [String: String]?
    let source: Source?
    let platforms: [String: String]?
    let requires_arc: Bool?
    let source_files: [String]?
}

enum PodsPayload {
    /// `count` pod specs as a JSON array, deterministic.
    static func make(count: Int) -> [UInt8] {
        var text = "["
        text.reserveCapacity(count * 470)
        for index in 0..<count {
            if index > 0 { text += "," }
            let owner = "owner\(index % 977)"
            let name = "Pod\(index)"
            let version = "\(index % 7).\(index % 13).\(index % 5)"
            text += """
                {"name":"\(name)","version":"\(version)","summary":"A library number \(index) that does useful things","description":"Longer description of \(name): it maps JSON, talks to servers and caches results so apps stay fast.","homepage":"https://github.com/\(owner)/\(name)","social_media_url":"https://twitter.com/\(owner)","license":{"type":"MIT","file":"LICENSE"},"authors":{"Author \(index % 977)":"\(owner)@example.com"},"source":{"git":"https://github.com/\(owner)/\(name).git","tag":"\(version)"},"platforms":{"ios":"12.0","osx":"10.13"},"requires_arc":\(index % 3 != 0),"source_files":["Sources/\(name)/**/*.swift"]}
                """
        }
        return Array((text + "]").utf8)
    }

    static func fromGenerated(_ pod: BenchPod) -> CodablePod {
        CodablePod(
            name: pod.name, version: pod.version, summary: pod.summary, description: pod.details,
            homepage: pod.homepage,
            social_media_url: pod.socialMediaUrl, license: .init(type: pod.licenseType, file: pod.licenseFile),
            authors: pod.authors,
            source: .init(git: pod.sourceGit, tag: pod.sourceTag), platforms: pod.platforms,
            requires_arc: pod.requiresArc, source_files: pod.sourceFiles)
    }

    static func fromFoundation(_ object: Any) -> [CodablePod] {
        (object as? [[String: Any]] ?? []).map { dictionary in
            let license = dictionary["license"] as? [String: Any]
            let source = dictionary["source"] as? [String: Any]
            return CodablePod(
                name: dictionary["name"] as? String ?? "", version: dictionary["version"] as? String ?? "",
                summary: dictionary["summary"] as? String, description: dictionary["description"] as? String,
                homepage: (dictionary["homepage"] as? String).flatMap(URL.init(string:)),
                social_media_url: (dictionary["social_media_url"] as? String).flatMap(URL.init(string:)),
                license: .init(type: license?["type"] as? String, file: license?["file"] as? String),
                authors: dictionary["authors"] as? [String: String],
                source: .init(
                    git: (source?["git"] as? String).flatMap(URL.init(string:)), tag: source?["tag"] as? String),
                platforms: dictionary["platforms"] as? [String: String],
                requires_arc: dictionary["requires_arc"] as? Bool,
                source_files: dictionary["source_files"] as? [String])
        }
    }
}

extension PodsPayload {
    /// A pod as decoded Swift values, before any model is built: what a decoder hands a constructor.
    struct Decoded {
        var name, version: String
        var summary, details, homepage, socialMediaUrl, licenseType, licenseFile, sourceGit, sourceTag: String?
        var authors, platforms: [(String, String)]
        var requiresArc: Bool
        var sourceFiles: [String]
    }

    /// Best seconds to build `pods` again from decoded values (checked equal): the floor under mapping them.
    static func constructionFloor(_ pods: [BenchPod]) -> Double {
        let decoded = pods.map { pod in
            Decoded(
                name: pod.name, version: pod.version, summary: pod.summary, details: pod.details,
                homepage: pod.homepage?.absoluteString, socialMediaUrl: pod.socialMediaUrl?.absoluteString,
                licenseType: pod.licenseType, licenseFile: pod.licenseFile, sourceGit: pod.sourceGit?.absoluteString,
                sourceTag: pod.sourceTag, authors: pod.authors.map { ($0.key, $0.value) },
                platforms: pod.platforms.map { ($0.key, $0.value) }, requiresArc: pod.requiresArc,
                sourceFiles: pod.sourceFiles)
        }
        var built: [BenchPod] = []
        let seconds = Measurement.bestSeconds {
            built = decoded.map { value in
                BenchPod(
                    name: value.name, version: value.version, summary: value.summary, details: value.details,
                    homepage: value.homepage.flatMap(URL.init(string:)),
                    socialMediaUrl: value.socialMediaUrl.flatMap(URL.init(string:)), licenseType: value.licenseType,
                    licenseFile: value.licenseFile,
                    authors: Dictionary(value.authors, uniquingKeysWith: { first, _ in first }),
                    sourceGit: value.sourceGit.flatMap(URL.init(string:)), sourceTag: value.sourceTag,
                    platforms: Dictionary(value.platforms, uniquingKeysWith: { first, _ in first }),
                    requiresArc: value.requiresArc, sourceFiles: value.sourceFiles)
            }
        }
        precondition(built == pods, "the construction floor built different pods")
        return seconds
    }
}
