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

// TreeMaxBytes is the largest input the JSON view parses into a tree. A
// tree costs up to ~25 times its input (a value per 4 bytes in dense arrays
// of numbers), so this keeps the view's peak near 200 MB; bigger documents
// keep only the lossless folds, whose memory stays a small multiple of the
// input.
const TreeMaxBytes = 8 << 20
