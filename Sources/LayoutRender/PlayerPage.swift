// The HTML player: one self-contained file (no network, no external script, style or font).

enum PlayerPage {
    static func write(
        sceneName: String, hierarchy: ViewHierarchy, backend: String, totalFrames: Int, primary: DeltaStream,
        overlay: (name: String, stream: DeltaStream, diffs: ByteBuffer)?, ops: ByteBuffer, notices: [String]
    ) -> ByteBuffer {
        var idBytes = 0
        for id in hierarchy.ids { idBytes += id.utf8.count + 3 }
        var out = ByteBuffer(
            capacity: 16_384 + idBytes + hierarchy.count * 8 + primary.base.count + primary.frames.count + ops.count
                + (overlay.map { $0.stream.base.count + $0.stream.frames.count + $0.diffs.count } ?? 0))
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        out.appendEscaped(sceneName)
        out.append(" — LayoutBench player</title>\n<style>\n")
        out.append(style)
        out.append("</style></head>\n<body>\n")
        out.append(body)
        out.append("<script>\nconst LB = {\"name\": ")
        out.appendQuoted(sceneName)
        out.append(",\n\"backend\": ")
        out.appendQuoted(backend)
        out.append(",\n\"overlay\": ")
        if let overlay { out.appendQuoted(overlay.name) } else { out.append("null") }
        out.append(",\n\"totalFrames\": ")
        out.append(int: totalFrames)
        out.append(",\n\"window\": ")
        out.append(int: hierarchy.window)
        out.append(",\n\"notices\": [")
        for (i, n) in notices.enumerated() {
            if i > 0 { out.append(",") }
            out.appendQuoted(n)
        }
        out.append("],\n\"ids\": [")
        for (i, id) in hierarchy.ids.enumerated() {
            if i > 0 { out.append(",") }
            out.appendQuoted(id)
        }
        out.append("],\n\"parents\": [")
        for (i, p) in hierarchy.parents.enumerated() {
            if i > 0 { out.append(",") }
            out.append(int: Int(p))
        }
        out.append("],\n\"depths\": [")
        for (i, d) in hierarchy.depths.enumerated() {
            if i > 0 { out.append(",") }
            out.append(int: d)
        }
        out.append("],\n\"base\": ")
        out.append(primary.base)
        out.append(",\n\"frames\": [")
        out.append(primary.frames)
        out.append("],\n\"ops\": ")
        out.append(ops)
        if let overlay {
            out.append(",\n\"overlayBase\": ")
            out.append(overlay.stream.base)
            out.append(",\n\"overlayFrames\": [")
            out.append(overlay.stream.frames)
            out.append("],\n\"diffs\": [")
            out.append(overlay.diffs)
            out.append("]")
        }
        out.append("};\n")
        out.append(PlayerScript.source)
        out.append("</script>\n</body></html>\n")
        return out
    }

    static let style: StaticString = """
        html,body{margin:0;height:100%;font:13px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;background:#fafafa}
        body{display:flex;flex-direction:column}
        header{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;padding:6px 10px;background:#fff;border-bottom:1px solid #ddd}
        header h1{font-size:14px;margin:0 8px 0 0}
        header input[type=range]{flex:1;min-width:200px}
        button,select,input{font:inherit}
        main{flex:1;display:flex;min-height:0}
        #stage{flex:1;position:relative;min-width:0;background:#eee}
        canvas{position:absolute;inset:0;width:100%;height:100%;cursor:grab}
        aside{width:320px;overflow:auto;padding:8px 10px;border-left:1px solid #ddd;background:#fff}
        aside h2{font-size:12px;margin:10px 0 4px;text-transform:uppercase;color:#666}
        aside ol,aside ul{margin:0;padding-left:18px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
        #notice{position:absolute;left:8px;bottom:8px;right:8px;background:rgba(255,250,220,.95);border:1px solid #e0c060;padding:4px 8px;display:none}
        #tip{position:absolute;pointer-events:none;background:rgba(30,30,30,.9);color:#fff;padding:4px 7px;border-radius:4px;font-size:12px;display:none;white-space:pre}
        .diff{color:#c00}
        .muted{color:#888}

        """

    static let body: StaticString = """
        <header>
        <h1 id="title"></h1>
        <button id="prev" title="previous frame (←)">◀</button>
        <button id="play" title="play or pause (space)">▶ play</button>
        <button id="next" title="next frame (→)">▶|</button>
        <select id="fps" title="frames per second"><option value="60">60 fps</option><option value="120">120 fps</option></select>
        <input id="slider" type="range" min="0" value="0" step="1">
        <span id="frameLabel"></span>
        <input id="filter" type="search" placeholder="filter views by id" size="18">
        <button id="fit" title="fit the window in view">fit</button>
        </header>
        <main>
        <div id="stage"><canvas id="cv"></canvas><div id="notice"></div><div id="tip"></div></div>
        <aside>
        <div id="legend"></div>
        <h2>ops of this frame</h2><ol id="ops"></ol>
        <div id="diffBox"><h2 id="diffTitle"></h2><ul id="diffs"></ul></div>
        <h2>view</h2><div id="info" class="muted">hover a view</div>
        <h2>notes</h2><ul id="notes"></ul>
        </aside>
        </main>

        """
}
