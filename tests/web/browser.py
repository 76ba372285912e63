"""A headless Chromium driven over the DevTools protocol, through a pipe
(--remote-debugging-pipe): no WebSocket library and nothing from npm, only the Python
standard library. Enough for the serve tests: open a page, evaluate JavaScript, click at
an element's centre with real mouse events or a touch, set the window's size, take a
screenshot."""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, binary=None):
        binary = binary or shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
        self.profile = tempfile.mkdtemp(prefix="boardlab-chromium-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Chromium reads commands on fd 3 and writes replies on fd 4.
        hi_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        hi_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)

        def child_fds():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--window-size=1400,1000", f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=child_fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_chrome_r, from_chrome_w, hi_r, hi_w):
            os.close(fd)
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.buffer = b""
        self.page_errors = []  # exceptions the page threw
        self.next_id = 0
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")

    def _read_message(self):
        while b"\0" not in self.buffer:
            chunk = self.inp.read(1 << 16)
            if not chunk:
                raise BrowserError("chromium closed its pipe")
            self.buffer += chunk
        msg, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("method") == "Runtime.exceptionThrown":
                details = reply["params"]["exceptionDetails"]
                self.page_errors.append(details.get("exception", {}).get("description") or details.get("text"))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait("document.readyState === 'complete'")

    def eval(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression[:80]}: {r['exceptionDetails'].get('exception', {}).get('description')}")
        return r["result"].get("value")

    def wait(self, condition, timeout=30.0):
        end = time.time() + timeout
        while time.time() < end:
            if self.eval(f"!!({condition})"):
                return
            time.sleep(0.05)
        raise BrowserError(f"timed out waiting for {condition}")

    def click(self, selector):
        """A real mouse click at the centre of the element `selector` finds."""
        box = self._centre(selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})

    def _centre(self, selector):
        box = self.eval(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
                        "e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect();"
                        "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        return box

    def tap(self, selector):
        """A touch (press and lift of one finger) at the centre of the element `selector` finds."""
        x, y = self._centre(selector)
        self.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def viewport(self, width, height, phone=False):
        """The page's window size; a phone also has touch and a mobile viewport."""
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
        self.call("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 1})

    def screenshot(self, path, selector=None):
        params = {"format": "png"}
        if selector:
            r = self.eval(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                          "return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()")
            params["clip"] = {"x": r[0], "y": r[1], "width": r[2], "height": r[3], "scale": 1}
            params["captureBeyondViewport"] = True
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.call("Page.captureScreenshot", params)["data"]))

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
