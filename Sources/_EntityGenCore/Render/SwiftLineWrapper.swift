/// Wraps generated Swift lines longer than 120 columns the way swift-format breaks them with its default
/// `lineBreakBeforeEachArgument: false`: after a call's or a declaration's opening bracket, its arguments
/// filled into lines indented one level, the closing bracket after the last one (or on a line of its own
/// when it does not fit there, or opens a block; a collection literal's elements end with a comma and its
/// bracket closes on a line of its own); an argument too long for a line of its own is wrapped the same
/// way; a condition list one condition per line; a method chain one call per line; a doc comment at word
/// boundaries, except a code example in it, which is wrapped as code. Lines inside multi-line string
/// literals, and string literals themselves, are never broken (a literal longer than the limit stays on
/// its line). Deterministic, so generated files stay byte-stable.
enum SwiftLineWrapper {
    /// The column limit.
    static let limit = 120
    private static let unit = "    "
    /// How many breaks deep a line is wrapped; a part still too long below that stays as it is. Generated
    /// code nests a dozen deep at most; the bound keeps any input (a schema the fuzzer wrote, a code
    /// example in a description nested thousands of brackets deep) from exhausting the stack.
    private static let maximumDepth = 64

    /// `text` with its long lines wrapped.
    static func wrap(_ text: String) -> String {
        var result: [String] = []
        var inMultiLineLiteral = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            // Generated code opens a multi-line literal at the end of a line (`sql: """`) and closes it at
            // the start of one (`""")`); an escaped `\"\"\"` inside a one-line literal is neither.
            let trimmed = line.trimmingSpaces()
            if inMultiLineLiteral {
                result.append(line)
                if trimmed.hasPrefix("\"\"\"") { inMultiLineLiteral = false }
                continue
            }
            if trimmed.hasSuffix("\"\"\"") {
                result.append(line)
                inMultiLineLiteral = true
                continue
            }
            result += wrapLine(line)
        }
        return result.joined(separator: "\n")
    }

    /// One line, wrapped into as many as it needs.
    static func wrapLine(_ line: String) -> [String] {
        wrapLine(line, depth: 0)
    }

    /// `line` wrapped `depth` breaks below a line of the file.
    private static func wrapLine(_ line: String, depth: Int) -> [String] {
        guard line.count > limit, depth < maximumDepth else { return [line] }
        let next = depth + 1
        let indentation = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(indentation.count))
        if body.hasPrefix("///") || body.hasPrefix("//") {
            return wrapComment(body, indentation: indentation, depth: next)
        }
        guard let scan = Scan(body) else { return [line] }
        // A condition or pattern list (`guard a, b else`, `case .a, .b:`), or a declaration's
        // conformances (`struct Record: A, B, C {`): one per line.
        let declaration = body.replacingPrefix(["public ", "internal ", "package ", "fileprivate ", "private "])
        let listsAtTop = ["guard ", "if ", "case ", "while ", "struct ", "enum ", "extension ", "class ", "protocol "]
        // A comma that ends the line (the one a split leaves after a condition) is no place to split.
        let statementCommas = scan.statementCommas.filter { $0 < body.count - 1 }
        if !statementCommas.isEmpty, listsAtTop.contains(where: declaration.hasPrefix) {
            var pieces = split(body, at: statementCommas)
            let first = pieces.removeFirst()
            let lines =
                [indentation + first + ","]
                + pieces.enumerated().map { index, piece in
                    indentation + unit + piece + (index < pieces.count - 1 ? "," : "")
                }
            return lines.flatMap { wrapLine($0, depth: next) }
        }
        // A one-line body (`var key: Key { Key(...) }`, `throws { self = ... }`): on lines of its own.
        if let body = scan.trailingBody {
            return wrapLine(indentation + body.head + "{", depth: next)
                + wrapLine(indentation + unit + body.inner, depth: next)
                + [indentation + "}"]
        }
        // The first bracket group with several arguments.
        if let group = scan.groups.first(where: { !$0.commas.isEmpty }) {
            let characters = Array(body)
            let head = String(characters[...group.open])
            let inner = String(characters[(group.open + 1)..<group.close])
            let tail = String(characters[group.close...])
            let innerCommas = group.commas.map { $0 - group.open - 1 }
            let arguments = split(inner, at: innerCommas)
            var lines = wrapHead(indentation + head, depth: next)
            // Arguments are filled into lines one level deeper than the line the bracket opened on.
            let opening = String(lines[lines.count - 1].prefix { $0 == " " })
            // A collection literal's elements end with a comma and its bracket closes on a line of its
            // own, and so does a declaration's or a statement's that opens a block (`) throws -> T {`), so
            // that the block's first line does not line up with the arguments; a call's closing bracket
            // follows the last argument, or lines up with the opening line when it does not fit there.
            let literal = Self.opensCollectionLiteral(characters, at: group.open)
            lines += fill(arguments, indentation: opening + unit, trailingComma: literal, depth: next)
            if !literal, !tail.hasSuffix("{"), lines[lines.count - 1].count + tail.count <= limit {
                lines[lines.count - 1] += tail
            } else {
                lines += wrapLine(opening + tail, depth: next)
            }
            return lines
        }
        // A method chain (`Record.all().including(...).asRequest(...)`): one call per line.
        if !scan.chainDots.isEmpty {
            let pieces = split(body, at: scan.chainDots, keepingSeparator: true)
            return wrapLine(indentation + pieces[0], depth: next)
                + pieces.dropFirst().flatMap { wrapLine(indentation + unit + $0, depth: next) }
        }
        // One long argument: on a line of its own.
        if let group = scan.groups.max(by: { $0.close - $0.open < $1.close - $1.open }), group.close > group.open + 1 {
            let characters = Array(body)
            let inner = String(characters[(group.open + 1)..<group.close]).trimmingSpaces()
            let head = wrapHead(indentation + String(characters[...group.open]), depth: next)
            let opening = String(head[head.count - 1].prefix { $0 == " " })
            return head + wrapLine(opening + unit + inner, depth: next)
                + wrapLine(opening + String(characters[group.close...]), depth: next)
        }
        return [line]
    }

    /// `arguments`, separated by commas, filled into lines at `indentation` up to the limit; an argument
    /// that does not fit on a line of its own starts a line and is wrapped itself.
    private static func fill(_ arguments: [String], indentation: String, trailingComma: Bool, depth: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, argument) in arguments.enumerated() {
            let piece = argument + (index < arguments.count - 1 || trailingComma ? "," : "")
            if current.isEmpty {
                current = indentation + piece
            } else if current.count + 1 + piece.count <= limit {
                current += " " + piece
            } else {
                lines.append(current)
                current = indentation + piece
            }
            if current.count > limit {
                lines += wrapLine(current, depth: depth)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Whether the `[` at `index` opens an array or dictionary literal, not a subscript (which follows
    /// a name or a closing bracket).
    private static func opensCollectionLiteral(_ characters: [Character], at index: Int) -> Bool {
        guard characters[index] == "[" else { return false }
        guard index > 0 else { return true }
        let previous = characters[index - 1]
        return !(previous.isLetter || previous.isNumber || "_)]?!".contains(previous))
    }

    /// A line that ends with the bracket its arguments follow (`X<A>(Y()).encode(`): wrapped without the
    /// bracket, which then ends the last line.
    private static func wrapHead(_ line: String, depth: Int) -> [String] {
        guard line.count > limit else { return [line] }
        var lines = wrapLine(String(line.dropLast()), depth: depth)
        lines[lines.count - 1] += String(line.last!)
        return lines
    }

    /// Splits at character offsets, dropping the separator (a comma) or keeping it at the start of the
    /// next piece (a dot); pieces are trimmed of surrounding spaces.
    private static func split(_ text: String, at offsets: [Int], keepingSeparator: Bool = false) -> [String] {
        let characters = Array(text)
        var pieces: [String] = []
        var start = 0
        for offset in offsets {
            pieces.append(String(characters[start..<offset]))
            start = keepingSeparator ? offset : offset + 1
        }
        pieces.append(String(characters[start...]))
        return pieces.map { $0.trimmingSpaces() }
    }

    /// A comment at word boundaries, each line with the comment's marker. A line of a code example in a
    /// doc comment (indented four spaces past `/// `) is wrapped as the code it shows, keeping its
    /// indentation, or left as it is when the code cannot be broken: never reflowed as prose, so the
    /// example stays a code block of valid Swift.
    private static func wrapComment(_ body: String, indentation: String, depth: Int) -> [String] {
        if body.hasPrefix("///     ") {
            let prefix = indentation + "/// "
            let padding = String(repeating: " ", count: prefix.count)
            return wrapLine(padding + body.dropFirst(4), depth: depth).map { prefix + $0.dropFirst(prefix.count) }
        }
        let marker = body.hasPrefix("///") ? "///" : "//"
        let words = body.dropFirst(marker.count).split(separator: " ", omittingEmptySubsequences: true)
        var lines: [String] = []
        var current = indentation + marker
        for word in words {
            if current.count + 1 + word.count > limit, current.count > indentation.count + marker.count {
                lines.append(current)
                current = indentation + marker
            }
            current += " " + word
        }
        lines.append(current)
        return lines
    }

    /// Where a line can break: its bracket groups at the top level (with their top-level commas), the
    /// commas outside any bracket, and the dots that start a chained call.
    private struct Scan {
        struct Group {
            var open: Int
            var close: Int
            var commas: [Int]
        }
        var groups: [Group] = []
        var statementCommas: [Int] = []
        var chainDots: [Int] = []
        /// A one-line body at the end (`head { inner }`).
        var trailingBody: (text: String, head: String, inner: String)?

        /// `nil` when the line holds what the scan does not follow (an interpolation in a string,
        /// unbalanced brackets): such a line is left as it is.
        init?(_ text: String) {
            let characters = Array(text)
            var depth = 0
            var open: [Int] = []
            var commas: [[Int]] = []
            var index = 0
            var previous: Character = " "
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "\"":
                    // Skip the literal; raw and interpolated literals are not followed.
                    if previous == "#" { return nil }
                    var end = index + 1
                    while end < characters.count, characters[end] != "\"" {
                        if characters[end] == "\\" {
                            if end + 1 < characters.count, characters[end + 1] == "(" { return nil }
                            end += 1
                        }
                        end += 1
                    }
                    guard end < characters.count else { return nil }
                    index = end
                case "{" where depth == 0:
                    // A block or closure a declaration or statement opens: where the line ends, unless the
                    // line closes it too (a one-line body, as the last thing on the line).
                    if characters.last == "}", Self.matchingBrace(characters, from: index) == characters.count - 1,
                        index > 0
                    {
                        let head = String(characters[..<index])
                        let inner = String(characters[(index + 1)..<(characters.count - 1)]).trimmingSpaces()
                        trailingBody = (text, head, inner)
                    }
                    index = characters.count
                    continue
                case "(", "[", "{":
                    if depth == 0 { open.append(index) }
                    depth += 1
                    commas.append([])
                case ")", "]", "}":
                    depth -= 1
                    guard depth >= 0, let group = commas.popLast() else { return nil }
                    if depth == 0, let start = open.popLast() {
                        if character != "}" { groups.append(Group(open: start, close: index, commas: group)) }
                    }
                case "<" where previous.isLetter || previous.isNumber || previous == "_":
                    // A generic argument list (`Transformer<A, B>`): a bracket of its own.
                    depth += 1
                    commas.append([])
                    if depth == 1 { open.append(-1) }
                case ">" where depth > 0 && previous != "-" && open.last.map { _ in true } == true:
                    if depth == 1, open.last == -1 {
                        depth -= 1
                        _ = commas.popLast()
                        _ = open.popLast()
                    } else if depth > 1 {
                        depth -= 1
                        _ = commas.popLast()
                    }
                case ",":
                    if depth == 0 {
                        statementCommas.append(index)
                    } else if depth == 1, open.last != -1 {
                        commas[commas.count - 1].append(index)
                    }
                case "." where depth == 0 && previous == ")":
                    chainDots.append(index)
                default: break
                }
                previous = character
                index += 1
            }
            guard depth == 0 else { return nil }
        }

        /// The index of the `}` closing the `{` at `start` (strings skipped), if the line has it.
        static func matchingBrace(_ characters: [Character], from start: Int) -> Int? {
            var depth = 0
            var index = start
            var inString = false
            while index < characters.count {
                let character = characters[index]
                if inString {
                    if character == "\\" {
                        index += 1
                    } else if character == "\"" {
                        inString = false
                    }
                } else if character == "\"" {
                    inString = true
                } else if character == "{" {
                    depth += 1
                } else if character == "}" {
                    depth -= 1
                    if depth == 0 { return index }
                }
                index += 1
            }
            return nil
        }
    }
}

extension String {
    /// Without the first of `prefixes` it starts with.
    fileprivate func replacingPrefix(_ prefixes: [String]) -> String {
        guard let prefix = prefixes.first(where: hasPrefix) else { return self }
        return String(dropFirst(prefix.count))
    }

    /// Without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
