import Foundation
import Testing

/// A screen shipped in the package (Sources/IBImport/Screens), found from this file's path.
private func screen(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IBImport/Screens/\(name)").path
}

@Suite("import on the command line")
struct ImportCLITests {
    @Test("import --list: one line per hierarchy with its sizes")
    func list() throws {
        let r = try layoutbench(["import", screen("ProfileCell.xib"), "--list"])
        #expect(r.status == 0)
        #expect(r.out == "ProfileCell\t7 views\t1 guides\t47 constraints\troot pc ProfileCell\n")
    }

    @Test("import --check exits 0 on the three hand-written screens, every view matching IB")
    func checkPasses() throws {
        for name in ["LoginScreen.storyboard", "SettingsScreen.storyboard", "ProfileCell.xib"] {
            let r = try layoutbench(["import", screen(name), "--check"])
            #expect(r.status == 0, "\(name): \(r.err)")
            #expect(r.out.contains("flagged-differing=0"), "\(name)")
        }
    }

    @Test("a dangling constraint item: exit 1, the element and line named, no scene written")
    func danglingItem() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = try String(contentsOfFile: screen("ProfileCell.xib"), encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: #"firstItem="avatar" firstAttribute="leading" secondItem="pc-content""#,
            with: #"firstItem="avatar" firstAttribute="leading" secondItem="nosuch-view""#)
        #expect(broken != text)
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("nosuch-view") }! + 1
        try broken.write(toFile: dir + "/Broken.xib", atomically: true, encoding: .utf8)
        for extra in [["--output", dir + "/out"], ["--check"], ["--list"]] {
            let r = try layoutbench(["import", dir + "/Broken.xib"] + extra)
            #expect(r.status == 1, "\(extra)")
            #expect(r.err.contains("Broken.xib:\(line): <constraint id=\"avatar-l\"> (line \(line)): item \"nosuch-view\" names no object of the file (dangling id)"), "\(r.err)")
            #expect(r.out.isEmpty, "\(extra)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }
}
