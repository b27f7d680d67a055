import Foundation
import Testing

/// A screen shipped in the package (Sources/IBImport/Screens), found from this file's path.
func screen(_ name: String) -> String {
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

    @Test("import --check --json: one JSON object, the summary's counts as the text's; --json alone is refused")
    func checkJSON() throws {
        let r = try layoutbench(["import", screen("ProfileCell.xib"), "--check", "--json"])
        #expect(r.status == 0, "\(r.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "layoutbench-ib-check")
        #expect(object["environment"] as? String == "device-table")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["views"] as? Int == 7 && summary["unflagged"] as? Int == 7 && summary["matching"] as? Int == 7)
        #expect(summary["constraints"] as? Int == 47 && summary["passed"] as? Bool == true)
        for extra in [["--json"], ["--json", "--list", "--check"]] {
            let refused = try layoutbench(["import", screen("ProfileCell.xib")] + extra)
            #expect(refused.status == 64, "\(extra)")
            #expect(refused.err.contains("--json: only with --check"), "\(refused.err)")
            #expect(refused.out.isEmpty, "\(extra)")
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
        for extra in [["--output", dir + "/out"], ["--check"], ["--check", "--json"], ["--list"]] {
            let r = try layoutbench(["import", dir + "/Broken.xib"] + extra)
            #expect(r.status == 1, "\(extra)")
            #expect(r.err.contains("Broken.xib:\(line): <constraint id=\"avatar-l\"> (line \(line)): item \"nosuch-view\" names no object of the file (dangling id)"), "\(r.err)")
            #expect(r.out.isEmpty, "\(extra)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }
}

@Suite("import: all or nothing")
struct ImportWriteCLITests {
    /// Two hierarchies: scenes "view" and "view-2".
    static let twoRoots = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
        <objects>
        <view id="first"><rect key="frame" x="0" y="0" width="100" height="100"/></view>
        <view id="second"><rect key="frame" x="0" y="0" width="200" height="50"/></view>
        </objects>
        </document>
        """

    @Test("a scene that cannot be written leaves none of the import's scenes, and names the path")
    func failedWriteLeavesNone() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.twoRoots.write(toFile: dir + "/Two.xib", atomically: true, encoding: .utf8)
        let written = try layoutbench(["import", dir + "/Two.xib", "--output", dir + "/ok"])
        #expect(written.status == 0, "\(written.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/ok").sorted() == ["view-2.json", "view.json"])
        // The second scene's file is a folder: the first, written before it, must not stay.
        try FileManager.default.createDirectory(atPath: dir + "/out/view-2.json", withIntermediateDirectories: true)
        let r = try layoutbench(["import", dir + "/Two.xib", "--output", dir + "/out"])
        #expect(r.status == 1)
        #expect(r.err == "import: cannot write '\(dir)/out/view-2.json': it is a folder\n", "\(r.err)")
        #expect(r.out.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["view-2.json"])
    }
}

@Suite("import: conflicting required constraints")
struct ImportConflictCLITests {
    /// A root with one view whose width is required to be both 10 and 20 (w2 comes second).
    static let conflicting = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21000">
        <objects>
        <view id="v"><rect key="frame" x="0" y="0" width="100" height="100"/>
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/>
        <constraints>
        <constraint firstAttribute="width" constant="10" id="w1"/>
        <constraint firstAttribute="width" constant="20" id="w2"/>
        <constraint firstAttribute="height" constant="10" id="h"/>
        </constraints></view></subviews>
        <constraints>
        <constraint firstItem="a" firstAttribute="top" secondItem="v" secondAttribute="top" id="t"/>
        <constraint firstItem="a" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="l"/>
        </constraints>
        </view>
        </objects>
        </document>
        """

    @Test("by default the constraint UIKit breaks is dropped, named on stderr and in x-ib; --strict refuses")
    func breakOrRefuse() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.conflicting.write(toFile: dir + "/Conflict.xib", atomically: true, encoding: .utf8)
        let r = try layoutbench(["import", dir + "/Conflict.xib"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: dropped w2 (conflicts with w1)"), "\(r.err)")
        #expect(r.out.contains("\"dropped\": [\"dropped w2 (conflicts with w1)\"]"), "\(r.out)")
        let check = try layoutbench(["import", dir + "/Conflict.xib", "--check"])
        #expect(check.status == 0)
        #expect(check.out.contains("dropped=1"), "\(check.out)")
        let strict = try layoutbench(["import", dir + "/Conflict.xib", "--strict", "--output", dir + "/out"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("w2"), "\(strict.err)")
        #expect(strict.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        let strictCheck = try layoutbench(["import", dir + "/Conflict.xib", "--check", "--strict"])
        #expect(strictCheck.status == 1)
    }
}
