package jsonscan

// The limits of every view, in one place.
const (
	// MaxDepth bounds the nesting of the token view and the recogniser;
	// both keep one byte a level, so the bound only stops absurd input.
	MaxDepth = 10000
	// TreeMaxDepth bounds the nesting of the tree view, whose parser and
	// callers recurse a level at a time, so hostile input cannot exhaust the
	// stack.
	TreeMaxDepth = 256
)
