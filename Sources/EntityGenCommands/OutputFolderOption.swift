import ArgumentParser
import Foundation

/// The checks a folder option (`generate --output`, `--human-output`, `infer --output`) gets before
/// anything is written: a path, and not one that names a file of the kind written into the folder
/// (`--output Models.swift` would otherwise become a folder named `Models.swift`).
package enum OutputFolderOption {
    /// Throws a usage error when `path` is empty, or ends in one of `fileExtensions` and is not an
    /// existing folder.
    ///
    /// - Parameters:
    ///   - path: The option's value.
    ///   - option: The option as the user writes it (`--output`).
    ///   - contents: What the folder receives, for the message (`machine files (named after their entities)`).
    ///   - fileExtensions: Extensions (without the dot) of the files written into the folder.
    package static func validate(
        _ path: String?, option: String, contents: String, fileExtensions: [String]
    ) throws {
        guard let path else { return }
        if path.isEmpty {
            throw ValidationError("\(option) names no folder (an empty path); name the folder \(contents) go into")
        }
        let pathExtension = (path as NSString).pathExtension.lowercased()
        guard fileExtensions.contains(pathExtension) else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        throw ValidationError(
            "\(option) '\(path)' names a .\(pathExtension) file, but \(option) is the folder \(contents) go into; give the folder, such as '\(Self.folder(of: path))'"
        )
    }

    /// The folder holding `path`, as a user would type it.
    private static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
