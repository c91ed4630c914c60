// Note: your code. entitygen created this file once and never overwrites it.
// Add computed properties, methods and conformances here; the schema's attributes live in
// Notes.generated.swift.

import EntityGenRuntime
import Foundation

extension Note {
}
