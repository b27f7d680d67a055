// The player's script: decodes the stored frames, draws the current one on a canvas
// (only what is visible; sub-pixel views are skipped above a few thousand views), plays
// at 60 or 120 fps, and honours `#frame=N` in the address.

enum PlayerScript {
    static let source: StaticString = """
        (function () {
        "use strict";
        const n = LB.ids.length, F = LB.frames.length;
        const LARGE = 3000, MAX_RECTS = 40000, MAX_LABELS = 1500;
        const hues = [210, 140, 270, 180, 95, 300, 240, 160];
        const $ = (id) => document.getElementById(id);
        function applyDelta(a, d) {
          let v = -1, i = 0;
          while (i < d.length) {
            v += d[i++]; let m = d[i++], count = 1;
            if (m < 0) { m = -m; count = d[i++]; }  // a run of views that moved alike
            const dl = m & 1 ? d[i++] : 0, dt = m & 2 ? d[i++] : 0, dw = m & 4 ? d[i++] : 0, dh = m & 8 ? d[i++] : 0;
            for (let k = 0; k < count; k++, v++) {
              const b = 4 * v; a[b] += dl; a[b + 1] += dt; a[b + 2] += dw; a[b + 3] += dh;
            }
            v--;
          }
        }
        // Frames are deltas; snapshots every K frames make seeking backwards cheap.
        function Stream(base, frames) {
          this.frames = frames; this.K = Math.max(1, Math.ceil(frames.length / 12));
          this.keys = [Float64Array.from(base)]; this.cur = Float64Array.from(base); this.at = 0;
        }
        Stream.prototype.seek = function (f) {
          if (f < this.at) {
            const k = Math.min(Math.floor(f / this.K), this.keys.length - 1);
            this.cur.set(this.keys[k]); this.at = k * this.K;
          }
          while (this.at < f) {
            applyDelta(this.cur, this.frames[this.at]); this.at++;
            if (this.at % this.K === 0 && this.keys.length === this.at / this.K) this.keys.push(Float64Array.from(this.cur));
          }
          return this.cur;
        };
        const prim = new Stream(LB.base, LB.frames);
        const ovl = LB.overlay ? new Stream(LB.overlayBase, LB.overlayFrames) : null;
        const order = Array.from({length: n}, (_, i) => i).sort((a, b) => LB.depths[a] - LB.depths[b] || a - b);
        let frame = 0, playing = false, filter = "", matches = null, hover = -1, selected = -1;
        let scale = 1, ox = 0, oy = 0, fitted = false;
        const cv = $("cv"), ctx = cv.getContext("2d");
        $("title").textContent = LB.name + " — " + LB.backend + (LB.overlay ? " vs " + LB.overlay + " (dashed)" : "");
        $("slider").max = F;
        for (const note of LB.notices) { const li = document.createElement("li"); li.textContent = note; $("notes").appendChild(li); }
        if (F < LB.totalFrames) { const li = document.createElement("li"); li.textContent = "stored frames 0–" + F + " of " + LB.totalFrames; $("notes").appendChild(li); }
        if (!LB.notices.length && F >= LB.totalFrames) $("notes").innerHTML = "<li class=muted>none</li>";
        $("legend").innerHTML = n.toLocaleString() + " views, frames 0–" + LB.totalFrames + ". Colour = nesting depth; " +
          "<span style='color:#d00'>red dashed</span> = negative size; <span style='color:#e67e00'>orange</span> = outside the window" +
          (LB.overlay ? "; <span style='color:#0050d0'>blue dashed</span> = " + LB.overlay + ", <span class=diff>red fill</span> = differs" : "") +
          ". Wheel zooms, drag pans.";
        if (!LB.overlay) $("diffBox").style.display = "none";

        function rectOf(R, v) {
          let l = R[4 * v] / 100, t = R[4 * v + 1] / 100, w = R[4 * v + 2] / 100, h = R[4 * v + 3] / 100;
          return [Math.min(l, l + w), Math.min(t, t + h), Math.abs(w), Math.abs(h), l, t, w, h];
        }
        function fit() {
          const R = prim.seek(frame), r = rectOf(R, LB.window);
          let x0 = r[0], y0 = r[1], x1 = r[0] + r[2], y1 = r[1] + r[3];
          if (!(r[2] > 0 && r[3] > 0)) for (let v = 0; v < n; v++) { const q = rectOf(R, v); x0 = Math.min(x0, q[0]); y0 = Math.min(y0, q[1]); x1 = Math.max(x1, q[0] + q[2]); y1 = Math.max(y1, q[1] + q[3]); }
          const W = cv.clientWidth, H = cv.clientHeight, bw = Math.max(x1 - x0, 1), bh = Math.max(y1 - y0, 1);
          scale = 0.92 * Math.min(W / bw, H / bh); ox = (W - bw * scale) / 2 - x0 * scale; oy = (H - bh * scale) / 2 - y0 * scale;
          fitted = true;
        }
        function draw() {
          const dpr = window.devicePixelRatio || 1, W = cv.clientWidth, H = cv.clientHeight;
          if (cv.width !== Math.round(W * dpr) || cv.height !== Math.round(H * dpr)) { cv.width = Math.round(W * dpr); cv.height = Math.round(H * dpr); }
          if (!fitted) fit();
          ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
          ctx.fillStyle = "#e8e8e8"; ctx.fillRect(0, 0, W, H);
          const R = prim.seek(frame), wr = rectOf(R, LB.window);
          ctx.fillStyle = "#fff"; ctx.fillRect(wr[0] * scale + ox, wr[1] * scale + oy, wr[2] * scale, wr[3] * scale);
          let drawn = 0, off = 0, tiny = 0, capped = 0, labels = 0;
          ctx.font = "11px system-ui,sans-serif"; ctx.textBaseline = "top";
          const visible = new Uint8Array(n);
          for (const v of order) {
            const q = rectOf(R, v), sx = q[0] * scale + ox, sy = q[1] * scale + oy, sw = q[2] * scale, sh = q[3] * scale;
            if (sx > W || sy > H || sx + sw < 0 || sy + sh < 0) { off++; continue; }
            if (n > LARGE && sw < 1 && sh < 1) { tiny++; continue; }
            if (n > LARGE && drawn >= MAX_RECTS) { capped++; continue; }
            drawn++; visible[v] = 1;
            const hue = hues[LB.depths[v] % hues.length], dim = matches && !matches[v];
            ctx.globalAlpha = dim ? 0.25 : 1;
            ctx.fillStyle = "hsla(" + hue + ",70%,60%,0.18)"; ctx.fillRect(sx, sy, sw, sh);
            const neg = q[6] < 0 || q[7] < 0;
            const out = v !== LB.window && (q[0] < wr[0] - 1e-6 || q[1] < wr[1] - 1e-6 || q[0] + q[2] > wr[0] + wr[2] + 1e-6 || q[1] + q[3] > wr[1] + wr[3] + 1e-6);
            ctx.strokeStyle = neg ? "#d00" : out ? "#e67e00" : "hsl(" + hue + ",60%,35%)";
            ctx.lineWidth = neg || out ? 2 : 1; ctx.setLineDash(neg ? [4, 2] : []);
            ctx.strokeRect(sx + 0.5, sy + 0.5, sw, sh);
            if (matches && matches[v]) { ctx.strokeStyle = "#000"; ctx.lineWidth = 2; ctx.setLineDash([]); ctx.strokeRect(sx, sy, sw, sh); }
            const id = LB.ids[v];
            if (labels < MAX_LABELS && sh >= 14 && sw >= id.length * 6.5 + 4) { ctx.fillStyle = "#222"; ctx.fillText(id, sx + 3, sy + 2); labels++; }
          }
          ctx.globalAlpha = 1; ctx.setLineDash([]);
          if (ovl) {
            const O = ovl.seek(frame), diffs = LB.diffs[frame] || [];
            ctx.strokeStyle = "#0050d0"; ctx.lineWidth = 1.5; ctx.setLineDash([5, 3]);
            for (const v of order) {
              if (!visible[v]) continue;
              const q = rectOf(O, v); ctx.strokeRect(q[0] * scale + ox, q[1] * scale + oy, q[2] * scale, q[3] * scale);
            }
            ctx.setLineDash([]);
            for (const v of diffs) {
              for (const [S, dash] of [[R, []], [O, [5, 3]]]) {
                const q = rectOf(S, v); ctx.setLineDash(dash);
                ctx.fillStyle = "rgba(255,0,0,0.25)"; ctx.strokeStyle = "#e00"; ctx.lineWidth = 3;
                ctx.fillRect(q[0] * scale + ox, q[1] * scale + oy, q[2] * scale, q[3] * scale);
                ctx.strokeRect(q[0] * scale + ox, q[1] * scale + oy, q[2] * scale, q[3] * scale);
              }
            }
            ctx.setLineDash([]);
          }
          ctx.strokeStyle = "#000"; ctx.lineWidth = 2; ctx.strokeRect(wr[0] * scale + ox, wr[1] * scale + oy, wr[2] * scale, wr[3] * scale);
          for (const v of [selected, hover]) {
            if (v < 0) continue;
            const q = rectOf(R, v); ctx.strokeStyle = "#ff00aa"; ctx.lineWidth = 3;
            ctx.strokeRect(q[0] * scale + ox, q[1] * scale + oy, q[2] * scale, q[3] * scale);
          }
          const notice = $("notice");
          if (off + tiny + capped > 0) {
            notice.style.display = "block";
            notice.textContent = "Drawn " + drawn.toLocaleString() + " of " + n.toLocaleString() + " views; left out: " +
              off.toLocaleString() + " outside the visible area, " + tiny.toLocaleString() + " smaller than a pixel" +
              (capped ? ", " + capped.toLocaleString() + " beyond the " + MAX_RECTS.toLocaleString() + "-rectangle limit" : "") +
              ". Zoom (wheel) or pan (drag) to see them.";
          } else notice.style.display = "none";
          panels();
        }
        function panels() {
          $("slider").value = frame;
          $("frameLabel").textContent = "frame " + frame + " / " + F;
          const ops = $("ops"); ops.innerHTML = "";
          const list = LB.ops[frame] || [];
          if (!list.length) ops.innerHTML = "<li class=muted>" + (frame === 0 ? "initial solve" : "none") + "</li>";
          for (const t of list) { const li = document.createElement("li"); li.textContent = t; if (t.startsWith("refused")) li.className = "diff"; ops.appendChild(li); }
          if (ovl) {
            const diffs = LB.diffs[frame] || [];
            $("diffTitle").textContent = diffs.length + " view" + (diffs.length === 1 ? "" : "s") + " differ from " + LB.overlay;
            const ul = $("diffs"); ul.innerHTML = "";
            for (const v of diffs.slice(0, 200)) { const li = document.createElement("li"); li.className = "diff"; li.textContent = LB.ids[v]; li.onclick = () => { selected = v; describe(v); draw(); }; ul.appendChild(li); }
            if (diffs.length > 200) { const li = document.createElement("li"); li.textContent = "… and " + (diffs.length - 200) + " more"; ul.appendChild(li); }
          }
        }
        function fmt(x) { return (Math.round(x * 100) / 100).toString(); }
        function describe(v) {
          if (v < 0) { $("info").textContent = "hover a view"; return ""; }
          const q = rectOf(prim.seek(frame), v);
          let s = LB.ids[v] + "  (depth " + LB.depths[v] + (LB.parents[v] >= 0 ? ", in " + LB.ids[LB.parents[v]] : "") + ")\\n" +
            LB.backend + ": left " + fmt(q[4]) + ", top " + fmt(q[5]) + ", width " + fmt(q[6]) + ", height " + fmt(q[7]);
          if (ovl) { const o = rectOf(ovl.seek(frame), v); s += "\\n" + LB.overlay + ": left " + fmt(o[4]) + ", top " + fmt(o[5]) + ", width " + fmt(o[6]) + ", height " + fmt(o[7]); }
          $("info").textContent = s;
          return s;
        }
        function pick(mx, my) {
          const x = (mx - ox) / scale, y = (my - oy) / scale, R = prim.seek(frame);
          let best = -1, area = Infinity;
          for (let v = 0; v < n; v++) {
            if (matches && !matches[v]) continue;
            const q = rectOf(R, v);
            if (x >= q[0] && x <= q[0] + q[2] && y >= q[1] && y <= q[1] + q[3] && q[2] * q[3] <= area) { best = v; area = q[2] * q[3]; }
          }
          return best;
        }
        function go(f) { frame = Math.max(0, Math.min(F, f)); draw(); if (hover >= 0) describe(hover); }
        $("prev").onclick = () => go(frame - 1);
        $("next").onclick = () => go(frame + 1);
        $("slider").oninput = (e) => go(+e.target.value);
        $("fit").onclick = () => { fitted = false; draw(); };
        let last = 0, carry = 0;
        function tick(t) {
          if (!playing) return;
          if (last) { carry += (t - last) / 1000 * +$("fps").value; const steps = Math.floor(carry); carry -= steps; if (steps) go(frame + steps > F ? 0 : frame + steps); }
          last = t; requestAnimationFrame(tick);
        }
        function toggle() { playing = !playing; $("play").textContent = playing ? "❚❚ pause" : "▶ play"; last = 0; carry = 0; if (playing) requestAnimationFrame(tick); }
        $("play").onclick = toggle;
        document.addEventListener("keydown", (e) => {
          if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
          if (e.key === " ") { e.preventDefault(); toggle(); } else if (e.key === "ArrowLeft") go(frame - 1); else if (e.key === "ArrowRight") go(frame + 1);
        });
        $("filter").oninput = (e) => {
          filter = e.target.value.trim();
          if (!filter) matches = null; else { matches = new Uint8Array(n); for (let v = 0; v < n; v++) if (LB.ids[v].includes(filter)) matches[v] = 1; }
          draw();
        };
        let drag = null;
        cv.onmousedown = (e) => { drag = [e.offsetX, e.offsetY, ox, oy]; };
        window.onmouseup = () => { drag = null; };
        cv.onmousemove = (e) => {
          if (drag) { ox = drag[2] + e.offsetX - drag[0]; oy = drag[3] + e.offsetY - drag[1]; draw(); return; }
          const v = pick(e.offsetX, e.offsetY), tip = $("tip");
          if (v !== hover) { hover = v; draw(); }
          if (v < 0) { tip.style.display = "none"; describe(selected); return; }
          tip.textContent = describe(v); tip.style.display = "block";
          tip.style.left = (e.offsetX + 14) + "px"; tip.style.top = (e.offsetY + 14) + "px";
        };
        cv.onmouseleave = () => { hover = -1; $("tip").style.display = "none"; draw(); };
        cv.addEventListener("wheel", (e) => {
          e.preventDefault(); const k = Math.exp(-e.deltaY * 0.0015);
          ox = e.offsetX - (e.offsetX - ox) * k; oy = e.offsetY - (e.offsetY - oy) * k; scale *= k; draw();
        }, {passive: false});
        window.onresize = draw;
        function fromHash() { const m = /frame=(\\d+)/.exec(location.hash); if (m) go(+m[1]); else draw(); }
        window.onhashchange = fromHash;
        fromHash();
        document.body.dataset.ready = "1";
        })();

        """
}
