package toolline

import "bytes"

// IndexRare is bytes.Index(b, needle) found by needle[at], a byte that is
// rare in tool output where needle's first bytes are common ('-' in logs,
// '"' in JSON): bytes.Index stops at each occurrence of the first byte,
// IndexRare at each of needle[at] only. at must index needle.
func IndexRare(b, needle []byte, at int) int {
	n := len(needle)
	if len(b) < n {
		return -1
	}
	c := needle[at]
	// A match at s holds c at s+at, for s in [0, len(b)-n].
	last := len(b) - n + at
	for i := at; i <= last; i++ {
		j := bytes.IndexByte(b[i:last+1], c)
		if j < 0 {
			return -1
		}
		i += j
		if bytes.Equal(b[i-at:i-at+n], needle) {
			return i - at
		}
	}
	return -1
}

// ContainsRare is bytes.Contains(b, needle) by IndexRare.
func ContainsRare(b, needle []byte, at int) bool { return IndexRare(b, needle, at) >= 0 }
