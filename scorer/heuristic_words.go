package scorer

import "sync"

// wordClass is what the heuristic knows about a word before looking at its
// context.
type wordClass uint8

const (
	classContent  wordClass = iota
	classFunction           // carries grammar, little meaning: the, of, is
	classFiller             // carries emphasis or hedging: also, very, simply
	classPunct              // no letters or digits at all
)

// classifyKey classifies a lower-cased, punctuation-trimmed word.
func classifyKey(key []byte) wordClass {
	if len(key) == 0 {
		return classPunct
	}
	l := listed()
	if len(key) > l.longest {
		return classContent
	}
	return l.class[string(key)] // classContent when absent
}

// listedWords classes the words of functionWords and fillerWords in one
// lookup (a word on both lists is a function word); longest is the length
// of the longest of them.
type listedWords struct {
	class   map[string]wordClass
	longest int
}

// listed builds the word classes on first use: only the lossy path reads
// them, and a process that never takes it (kompress version, a lossless
// compress) should not pay for the map at start-up.
var listed = sync.OnceValue(func() listedWords {
	l := listedWords{class: make(map[string]wordClass, len(functionWords)+len(fillerWords))}
	for _, words := range []struct {
		list  []string
		class wordClass
	}{{fillerWords, classFiller}, {functionWords, classFunction}} {
		for _, w := range words.list {
			l.class[w] = words.class
			l.longest = max(l.longest, len(w))
		}
	}
	return l
})

// functionWords are English articles, pronouns, prepositions,
// conjunctions and auxiliaries. Negations, modals, conditions,
// alternatives and quantifiers (not, must, can, if, or, all, more, …) are
// deliberately absent: mustkeep protects them.
var functionWords = []string{
	"a", "an", "the", "this", "that", "these", "those", "there", "here",
	"i", "me", "my", "we", "us", "our", "ours", "you", "your", "yours", "he", "him", "his",
	"she", "her", "hers", "it", "its", "they", "them", "their", "theirs", "itself", "themselves",
	"yourself", "ourselves", "himself", "herself", "one", "ones",
	"who", "whom", "whose", "which", "what", "whatever", "whichever",
	"of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "upon", "about",
	"as", "via", "per", "over", "under", "within", "through", "throughout", "across",
	"between", "among", "along", "around", "toward", "towards", "against", "during",
	"and", "but", "so", "yet", "then", "else", "because", "since", "while", "whereas",
	"although", "though", "also", "both", "each", "some",
	"such", "same", "other", "another", "many", "much", "several",
	"is", "are", "was", "were", "be", "been", "being", "am", "isn", "aren",
	"do", "does", "did", "done", "doing", "have", "has", "had", "having",
	"let", "lets",
	"it's", "that's", "there's", "they're", "we're", "you're", "i'm", "let's",
	"where", "how", "why", "whenever", "wherever",
	"up", "down", "out", "off", "again", "further", "once", "just", "now", "well",
}

// fillerWords are adverbs and connectives whose loss rarely changes what a
// sentence says.
var fillerWords = []string{
	"very", "really", "quite", "rather", "simply", "just", "actually", "basically",
	"generally", "usually", "typically", "normally", "probably", "perhaps", "maybe",
	"however", "therefore", "thus", "hence", "moreover", "furthermore", "additionally",
	"indeed", "certainly", "especially", "particularly", "mostly", "mainly",
	"still", "even", "already", "often", "sometimes", "currently", "respectively",
	"etc", "e.g", "i.e", "eg", "ie", "various", "certain", "following", "above", "below",
	"like", "unlike", "way", "ways",
	"thing", "things", "able", "possible", "specified", "given", "new", "note",
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
