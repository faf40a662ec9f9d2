package jsonview

import "testing"

func TestTrimJSFrames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{ // the test's frame stays, the runner's go
			"Error: boom\n    at Object.<anonymous> (/p/test/a.test.js:3:9)\n    at Promise.then.completed (/p/node_modules/jest-circus/build/utils.js:298:28)\n    at new Promise (<anonymous>)\n    at callAsyncCircusFn (/p/node_modules/jest-circus/build/utils.js:231:10)\n",
			"Error: boom\n    at Object.<anonymous> (/p/test/a.test.js:3:9)\n    [… 3 library stack frames omitted …]\n",
		},
		{ // the first frame stays though it is a library's; so do the project's between
			"TypeError: x\n    at lib (/p/node_modules/l/i.js:1:1)\n    at a (node:internal/a:1:1)\n    at b (node:internal/b:1:1)\n    at mine (/p/src/m.js:2:2)\n    at c (node:internal/c:1:1)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
			"TypeError: x\n    at lib (/p/node_modules/l/i.js:1:1)\n    [… 2 library stack frames omitted …]\n    at mine (/p/src/m.js:2:2)\n    [… 2 library stack frames omitted …]",
		},
		{ // one library frame is no shorter than its note
			"Error: y\n    at t (/p/t.js:1:1)\n    at x (/p/node_modules/x.js:1:1)\nnext line\n",
			"Error: y\n    at t (/p/t.js:1:1)\n    at x (/p/node_modules/x.js:1:1)\nnext line\n",
		},
		{"no stack here\n    at all\n", "no stack here\n    at all\n"},
	} {
		if got := string(trimJSFrames([]byte(c.in))); got != c.want {
			t.Errorf("trimJSFrames(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}
