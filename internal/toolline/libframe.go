package toolline

import "bytes"

// JSLibraryFrame reports a JavaScript stack frame ("at f (place)", "at
// place", "at async f (place)", indented or not, maybe ending in a line
// break, maybe after a prefix of the tool's, as npm's "npm verbose stack
// at f (place)"; callers know the line is a frame) whose place is not the project's code: Node.js' own
// ("node:internal/process/task_queues:95:5", "internal/main/run_main_module.js:17:47"
// of older releases), a package under node_modules ("../node_modules/expect/build/index.js:1824:9",
// on Windows with back slashes), or code without a file ("<anonymous>").
// Below the innermost frame, where the error was thrown, such frames tell a
// reader of a failed test nothing the frames in the project's code do not.
// A frame that opens the error's properties ("… (node:async_hooks:206:9)
// {") is not one: its line goes on.
func JSLibraryFrame(frame []byte) bool {
	t := bytes.TrimRight(frame, "\r\n")
	if n := len(t); n == 0 || t[n-1] != ')' && !isDigit(t[n-1]) {
		return false
	}
	s := bytes.TrimLeft(t, " \t")
	if hasPrefix(s, "at ") {
		s = s[len("at "):]
	}
	if hasPrefix(s, "async ") {
		s = s[len("async "):]
	}
	if p := bytes.LastIndexByte(s, '('); p >= 0 {
		s = s[p+1:]
	}
	return hasPrefix(s, "node:") || hasPrefix(s, "internal/") || hasPrefix(s, "<anonymous>)") ||
		bytes.Contains(s, []byte("node_modules/")) || bytes.Contains(s, []byte(`node_modules\`))
}

// PyLibFrame reports a Python traceback frame, "File \"/usr/lib/python3.11/json/decoder.py\",
// line 353, in raw_decode", in the standard library or an installed package
// (site-packages, dist-packages, the interpreter's frozen modules).
func PyLibFrame(t []byte) bool {
	if !hasPrefix(t, "File \"") {
		return false
	}
	q := bytes.IndexByte(t[len("File \""):], '"')
	if q < 0 || !hasPrefix(t[len("File \"")+q:], "\", line ") {
		return false
	}
	path := t[len("File \"") : len("File \"")+q]
	return hasPrefix(path, "<frozen ") || bytes.Contains(path, []byte("/site-packages/")) || bytes.Contains(path, []byte("/dist-packages/")) ||
		bytes.Contains(path, []byte("/lib/python3")) || bytes.Contains(path, []byte("/lib/python2")) ||
		bytes.Contains(path, []byte(`\site-packages\`)) || bytes.Contains(path, []byte(`\Lib\`))
}

// JavaLibraryFrame reports a Java stack frame, "at
// java.base/java.util.stream.AbstractPipeline.copyInto(AbstractPipeline.java:509)",
// in the JDK: in one of its modules (java.*, jdk.*), or, on Java 8 without
// module names, in its java., javax., jdk.internal. or sun. packages.
func JavaLibraryFrame(frame []byte) bool {
	s := bytes.TrimLeft(bytes.TrimRight(frame, "\r\n"), " \t")
	if !hasPrefix(s, "at ") || len(s) == 0 || s[len(s)-1] != ')' {
		return false
	}
	s = s[len("at "):]
	if slash, paren := bytes.IndexByte(s, '/'), bytes.IndexByte(s, '('); slash > 0 && (paren < 0 || slash < paren) {
		// "java.base/…", "jdk.internal.vm.ci@17/…", a class loader's "app//…"
		mod := s[:slash]
		return hasPrefix(mod, "java.") || hasPrefix(mod, "jdk.")
	}
	return hasPrefix(s, "java.") || hasPrefix(s, "javax.") || hasPrefix(s, "jdk.internal.") || hasPrefix(s, "sun.")
}
