package tokencount

import (
	"math"
	"sync"
)

// The merge is tiktoken's: repeatedly join the adjacent pair of parts whose
// bytes have the lowest rank, the leftmost on a tie, until no pair is a
// token. Only the number of parts left is needed.

// smallPiece is the longest piece merged by the quadratic scan; longer
// pieces use a heap, O(n log n).
const smallPiece = 64

const noRank = math.MaxInt32

// mergeCount returns the number of tokens piece encodes to, len(piece) >= 2.
func mergeCount(v *vocab, piece string) int {
	if len(piece) <= smallPiece {
		return mergeSmall(v, piece)
	}
	return mergeHeap(v, piece)
}

func rankOf(v *vocab, b string) int32 { return v.rank(b) }

// mergeSmall mirrors tiktoken-go's bytePairMerge on fixed arrays: the parts
// are a list linked both ways by where each starts, so a join moves
// nothing, and each part's pair with the next is keyed by its rank and then
// its start, so the lowest key is the pair to join (the leftmost on a tie)
// and the scan for it has no branch on the ranks.
func mergeSmall(v *vocab, piece string) int {
	var next, prev [smallPiece + 1]uint8 // the starts of the parts after and before the one at i
	var key [smallPiece + 1]uint32       // pairKey of the part at i and the next
	n := len(piece)
	for i := range n {
		next[i], prev[i] = uint8(i+1), uint8(i-1)
		key[i] = noPair
		if i+1 < n {
			key[i] = pairKey(rankOf(v, piece[i:i+2]), i)
		}
	}
	parts := n
	for parts > 1 {
		low := uint32(noPair)
		for i := 0; i < n; i = int(next[i]) {
			low = min(low, key[i])
		}
		if low == noPair {
			break
		}
		// Join the part at at with the next; re-key the pairs that now
		// end or start at at. Joined parts are three bytes or more: no
		// pair cache to look in.
		at := int(low & 0xff)
		e := int(next[next[at]])
		next[at] = uint8(e)
		parts--
		key[at] = noPair
		if e < n {
			prev[e] = uint8(at)
			key[at] = pairKey(v.lookup(piece[at:next[e]]), at)
		}
		if at > 0 {
			b := int(prev[at])
			key[b] = pairKey(v.lookup(piece[b:e]), b)
		}
	}
	return parts
}

// noPair is the key of no pair to join.
const noPair = ^uint32(0)

// pairKey is the key of the pair of parts at start whose join has rank r:
// ranks are below 1<<24, starts below 1<<8.
func pairKey(r int32, start int) uint32 {
	if r == noRank {
		return noPair
	}
	return uint32(r)<<8 | uint32(start)
}

// mergeState is the scratch of mergeHeap, pooled: nodes are indexed by the
// byte offset where their part starts.
type mergeState struct {
	next []int32
	prev []int32
	rank []int32  // rank of this part joined with the next; noRank if none or dead
	heap []uint64 // rank<<32 | start: pops lowest rank, leftmost first
}

var mergePool = sync.Pool{New: func() any { return new(mergeState) }}

func mergeHeap(v *vocab, piece string) int {
	st := mergePool.Get().(*mergeState)
	defer mergePool.Put(st)
	n := len(piece)
	st.next = grow(st.next, n)
	st.prev = grow(st.prev, n)
	st.rank = grow(st.rank, n)
	st.heap = st.heap[:0]
	next, prev, rank := st.next, st.prev, st.rank
	// pairRank is the rank of part i joined with its successor.
	pairRank := func(i int32) int32 {
		j := next[i]
		if int(j) >= n {
			return noRank
		}
		return rankOf(v, piece[i:next[j]])
	}
	for i := range n {
		next[i], prev[i] = int32(i+1), int32(i-1)
	}
	for i := range int32(n) {
		rank[i] = noRank
		if int(i)+1 < n {
			rank[i] = rankOf(v, piece[i:i+2])
		}
		if rank[i] != noRank {
			st.heap = append(st.heap, uint64(rank[i])<<32|uint64(i))
		}
	}
	h := st.heap
	heapInit(h)
	parts := n
	for len(h) > 0 {
		top := h[0]
		h = heapPop(h)
		r, i := int32(top>>32), int32(uint32(top))
		if rank[i] != r {
			continue // stale: the part was joined or re-ranked since
		}
		j := next[i]
		next[i] = next[j]
		if int(next[j]) < n {
			prev[next[j]] = i
		}
		rank[j] = noRank
		parts--
		if rank[i] = pairRank(i); rank[i] != noRank {
			h = heapPush(h, uint64(rank[i])<<32|uint64(i))
		}
		if p := prev[i]; p >= 0 {
			if rank[p] = pairRank(p); rank[p] != noRank {
				h = heapPush(h, uint64(rank[p])<<32|uint64(p))
			}
		}
	}
	st.heap = h
	return parts
}

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func heapInit(h []uint64) {
	for i := len(h)/2 - 1; i >= 0; i-- {
		heapDown(h, i)
	}
}

func heapPush(h []uint64, v uint64) []uint64 {
	h = append(h, v)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= h[i] {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	return h
}

func heapPop(h []uint64) []uint64 {
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	heapDown(h, 0)
	return h
}

func heapDown(h []uint64, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && h[r] < h[l] {
			m = r
		}
		if h[i] <= h[m] {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
