import Foundation
import Testing

/// The README's client configurations, as Claude Desktop and VS Code read them: the shape each
/// client expects, an absolute command, and a server that answers when started as configured.
struct ReadmeClientConfigTests {
    static func configurations() throws -> [[String: Any]] {
        try Readme.blocks("json", in: "For AI agents (MCP)").compactMap { block in
            try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any]
        }
    }

    @Test func bothShapesNameAnAbsoluteCommandAndTheServerAnswersAsConfigured() async throws {
        let configurations = try Self.configurations()
        let claude = try #require(configurations.first { $0["mcpServers"] != nil }?["mcpServers"] as? [String: [String: Any]])
        let vscode = try #require(configurations.first { $0["servers"] != nil }?["servers"] as? [String: [String: Any]])
        #expect(vscode["boxoffice"]?["type"] as? String == "stdio", "VS Code's mcp.json names each server's type")
        for server in [claude["boxoffice"], vscode["boxoffice"]] {
            let server = try #require(server)
            let command = try #require(server["command"] as? String)
            #expect(command.hasPrefix("/"), "a desktop client has no shell PATH: \(command)")
            let arguments = try #require(server["args"] as? [String])
            let variables = try #require(server["env"] as? [String: String])
            #expect(Set(variables.keys) == ["KOBIS_API_KEY", "KAKAO_REST_API_KEY"])
            // Started as the client starts it: the command (here the built binary), its args and env alone.
            let folder = TemporaryFolder("boxoffice-mcp-config")
            let process = Process()
            process.executableURL = BinaryRunner.binary
            process.arguments = arguments
            process.environment = variables.merging(["HOME": folder.url.path]) { $1 }
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let exit = try process.runObservingExit()
            let requests = [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"readme","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            ]
            try input.fileHandleForWriting.write(contentsOf: Data((requests.joined(separator: "\n") + "\n").utf8))
            try input.fileHandleForWriting.close()
            let status = await exit.value(within: Backstop.seconds)
            let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(status == 0, "\(answer)")
            #expect(answer.contains(#""id":2"#) && answer.contains("daily_box_office"), "\(answer)")
            #expect(!answer.contains("your-kobis-key"), "the key is in no answer")
        }
    }
}
