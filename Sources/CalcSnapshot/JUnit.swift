// JUnit XML for CI systems (GitHub Actions reporters, GitLab, Jenkins, Buildkite): one <testsuite>
// for the run and one <testcase> per script, classname = the script's folder, name = its file name,
// plus a `file` attribute that GitLab and the GitHub annotation actions use. A failing script gets a
// <failure> whose message is its first problem and whose text is the full report; a recording run's
// written files go to <system-out>. Text is escaped for XML 1.0, and characters XML 1.0 cannot carry at
// all (most C0 controls, lone surrogates cannot occur in Swift strings) become U+FFFD, so a diff of a
// binary-looking source still yields a well-formed file.

import Foundation

/// Writes a run's results as JUnit XML.
public enum JUnitReport {
    /// The whole document.
    public static func xml(_ summary: RunSummary, suiteName: String = "calc test") -> String {
        let tests = summary.results.count, failures = summary.failed
        let time = seconds(summary.duration)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        for r in summary.results {
            let name = r.script.name
            let slash = name.lastIndex(of: "/")
            let classname = slash.map { String(name[..<$0]) } ?? "."
            let base = slash.map { String(name[name.index(after: $0)...]) } ?? name
            out += "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(base))\" file=\"\(escape(name))\" time=\"\(seconds(r.duration))\""
            let body = r.details.joined(separator: "\n")
            switch r.status {
            case .failed:
                let message = r.failures.first ?? "failed"
                out += ">\n      <failure type=\"snapshot\" message=\"\(escape(message))\">\(escape(body, inElement: true))</failure>\n    </testcase>\n"
            case .recorded:
                out += ">\n      <system-out>\(escape(body, inElement: true))</system-out>\n    </testcase>\n"
            case .passed:
                out += "/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Escapes text for an attribute (`inElement` false) or element content: &, <, >, the quotes, and
    /// in attributes the line breaks and tab as character references, so a parser keeps them rather
    /// than normalising them to spaces; characters XML 1.0 forbids become U+FFFD.
    public static func escape(_ s: String, inElement: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += inElement ? "\n" : "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += inElement ? "\t" : "&#9;"
            default:
                let v = u.value
                let allowed = v >= 0x20 && !(0xD800...0xDFFF).contains(v) && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? u : "\u{FFFD}")
            }
        }
        return out
    }
}
