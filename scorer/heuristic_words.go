package scorer

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
	if len(key) > maxListedWord {
		return classContent
	}
	return listedWords[string(key)] // classContent when absent
}

// listedWords classes the words of functionWords and fillerWords in one
// lookup (a word on both lists is a function word); maxListedWord is the
// longest of them.
var listedWords, maxListedWord = func() (map[string]wordClass, int) {
	m := make(map[string]wordClass, len(functionWords)+len(fillerWords))
	n := 0
	for w := range fillerWords {
		m[w] = classFiller
		n = max(n, len(w))
	}
	for w := range functionWords {
		m[w] = classFunction
		n = max(n, len(w))
	}
	return m, n
}()

// functionWords are English articles, pronouns, prepositions,
// conjunctions and auxiliaries. Negations, modals, conditions,
// alternatives and quantifiers (not, must, can, if, or, all, more, …) are
// deliberately absent: mustkeep protects them.
var functionWords = setOf(
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
)

// fillerWords are adverbs and connectives whose loss rarely changes what a
// sentence says.
var fillerWords = setOf(
	"very", "really", "quite", "rather", "simply", "just", "actually", "basically",
	"generally", "usually", "typically", "normally", "probably", "perhaps", "maybe",
	"however", "therefore", "thus", "hence", "moreover", "furthermore", "additionally",
	"indeed", "certainly", "especially", "particularly", "mostly", "mainly",
	"still", "even", "already", "often", "sometimes", "currently", "respectively",
	"etc", "e.g", "i.e", "eg", "ie", "various", "certain", "following", "above", "below",
	"like", "unlike", "way", "ways",
	"thing", "things", "able", "possible", "specified", "given", "new", "note",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
