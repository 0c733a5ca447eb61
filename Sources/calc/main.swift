// Entry point: parses the command line and maps every outcome to a documented exit code
// (docs/cli.md): argument errors exit 2 rather than ArgumentParser's default 64.

import ArgumentParser
import Foundation

TempFiles.installSignalHandlers()
do {
    do {
        if let build = BuildRequest.quickParse(CommandLine.arguments.dropFirst()) {
            try build.run()
        } else {
            var command = try Calc.parseAsRoot()
            try command.run()
        }
    } catch let f as CalcFailure {
        Console.err("calc: \(f.message)\n")
        exit(f.code.rawValue)
    }
} catch let f as CalcFailure {
    Console.err("calc: \(f.message)\n")
    exit(f.code.rawValue)
} catch {
    let code = Calc.exitCode(for: error)
    if code == .success {
        Console.out(Calc.fullMessage(for: error) + "\n")
        exit(0)
    }
    Console.err(Calc.fullMessage(for: error) + "\n")
    exit(ExitCode.usage.rawValue)
}
