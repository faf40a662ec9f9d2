package toolline

import "bytes"

// JSLibraryFrame reports a JavaScript stack frame ("at f (place)", "at
// place", "at async f (place)", indented or not, maybe ending in a line
// break, maybe after a prefix of the tool's, as npm's "npm verbose stack
// at f (place)"; callers know the line is a frame) whose place is not the
// project's code: Node.js' own ("node:internal/process/task_queues:95:5",
// older releases' "internal/main/run_main_module.js:17:47"), a package
// under node_modules ("../node_modules/expect/build/index.js:1824:9", on
// Windows with back slashes), or code without a file ("<anonymous>").
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
// module names, in its java., javax., jdk.internal. or sun. packages; or
// in the runtime of Groovy, Kotlin or Scala.
func JavaLibraryFrame(frame []byte) bool {
	s := bytes.TrimLeft(bytes.TrimRight(frame, "\r\n"), " \t")
	if !hasPrefix(s, "at ") || s[len(s)-1] != ')' {
		return false
	}
	s = s[len("at "):]
	if slash, paren := bytes.IndexByte(s, '/'), bytes.IndexByte(s, '('); slash > 0 && (paren < 0 || slash < paren) {
		// "java.base/…", "jdk.internal.vm.ci@17/…", a class loader's "app//…"
		mod := s[:slash]
		return hasPrefix(mod, "java.") || hasPrefix(mod, "jdk.")
	}
	// The JVM's and its languages' own runtimes: Groovy's dynamic
	// dispatch, Kotlin's and Scala's standard libraries.
	return hasPrefix(s, "java.") || hasPrefix(s, "javax.") || hasPrefix(s, "jdk.internal.") || hasPrefix(s, "sun.") ||
		hasPrefix(s, "org.codehaus.groovy.") || hasPrefix(s, "groovy.lang.") || hasPrefix(s, "groovy.ui.") ||
		hasPrefix(s, "kotlin.") || hasPrefix(s, "kotlinx.coroutines.") || hasPrefix(s, "scala.")
}

// RustLibSymbol reports a Rust backtrace frame's symbol in the standard
// library or the test harness: "core::panicking::panic_fmt",
// "<alloc::boxed::Box<F,A> as core::ops::function::FnOnce<Args>>::call_once",
// "__rustc::rust_begin_unwind".
func RustLibSymbol(symbol []byte) bool {
	symbol = bytes.TrimPrefix(symbol, []byte("<"))
	for _, p := range [...]string{"core::", "std::", "alloc::", "test::", "__rustc::", "__rust_"} {
		if hasPrefix(symbol, p) {
			return true
		}
	}
	return false
}

// RustLibPlace reports a Rust backtrace frame's place (its "at" line's
// path) in the standard library ("/rustc/59807616…/library/core/src/result.rs:1867:5")
// or a crate from a registry ("/home/u/.cargo/registry/src/index.crates.io-…/tokio-1.40.0/src/…").
func RustLibPlace(place []byte) bool {
	return hasPrefix(place, "/rustc/") || bytes.Contains(place, []byte("/.cargo/registry/")) ||
		bytes.Contains(place, []byte(`\.cargo\registry\`))
}

// RubyFrame reads a frame of a Ruby backtrace: "path:N:in `name'" as rake
// --trace prints it, or "\tfrom path:N:in `name'" under an uncaught
// exception (Ruby 3.4 quotes "in 'Class#name'"). lib reports a frame of
// Ruby's own library, of an installed gem or of a bin/ stub (rake, rails,
// bundle). The line that names the exception ("a.rb:3:in `f': msg
// (KeyError)") is not a frame.
func RubyFrame(t []byte) (ok, lib bool) {
	s := trimBlank(t)
	if hasPrefix(s, "from ") {
		s = s[len("from "):]
	} else if len(s) < len(t) {
		return false, false
	}
	h, ok := ParseHit(s)
	w := h.Text
	if !ok || h.Context || h.Col != 0 || len(w) < 6 || !hasPrefix(w, "in ") || w[3] != '`' && w[3] != '\'' ||
		w[len(w)-1] != '\'' || bytes.IndexByte(w[4:len(w)-1], '\'') >= 0 {
		return false, false
	}
	p := h.Path
	return true, bytes.Contains(p, []byte("/gems/")) || bytes.Contains(p, []byte("/lib/ruby/")) || bytes.Contains(p, []byte("bin/"))
}

// ClojureFrame reads a frame of a Clojure stack trace as clojure.test and
// the REPL print it: "    cart_test$parse_line.invoke (cart_test.clj:16)",
// the first behind " at ". lib reports a frame of Clojure itself or of
// the JVM (clojure.*, java.*, javax.*, jdk.*, sun.*).
func ClojureFrame(t []byte) (ok, lib bool) {
	s := trimBlank(t)
	if len(s) == len(t) || len(s) < 8 || s[len(s)-1] != ')' {
		return false, false
	}
	s = bytes.TrimPrefix(s, []byte("at "))
	sp := bytes.IndexByte(s, ' ')
	if sp <= 0 || s[sp+1] != '(' {
		return false, false
	}
	place := s[sp+2 : len(s)-1]
	c := bytes.LastIndexByte(place, ':')
	if c <= 0 || bytes.IndexByte(place, ' ') >= 0 {
		return false, false
	}
	if _, e := Number(place[c+1:]); e == 0 || e != len(place)-c-1 {
		return false, false
	}
	f := place[:c]
	if !bytes.HasSuffix(f, []byte(".clj")) && !bytes.HasSuffix(f, []byte(".cljc")) && !bytes.HasSuffix(f, []byte(".java")) {
		return false, false
	}
	sym := s[:sp]
	return true, hasPrefix(sym, "clojure.") || hasPrefix(sym, "java.") || hasPrefix(sym, "javax.") || hasPrefix(sym, "jdk.") || hasPrefix(sym, "sun.")
}
