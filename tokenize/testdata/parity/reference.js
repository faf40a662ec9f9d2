// Writes the reference token ids of @lenml/tokenizers (a transformers.js
// fork) for the texts of texts.json, one file per vocabulary:
//
//   node reference.js DIR NAME...   (DIR holds NAME/tokenizer.json and
//                                    NAME/tokenizer_config.json)
//
// Ids are of encode(text, {add_special_tokens: false}).
const fs = require("fs");
const path = require("path");
const { TokenizerLoader } = require(process.env.LENML_TOKENIZERS || "@lenml/tokenizers");

const [dir, ...names] = process.argv.slice(2);
const texts = JSON.parse(fs.readFileSync(path.join(__dirname, "texts.json"), "utf8"));
for (const name of names) {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(dir, name, f), "utf8"));
  const tok = TokenizerLoader.fromPreTrained({
    tokenizerJSON: read("tokenizer.json"),
    tokenizerConfig: read("tokenizer_config.json"),
  });
  const ids = texts.map((t) => tok.encode(t, { add_special_tokens: false }));
  fs.writeFileSync(path.join(__dirname, name + ".json"), JSON.stringify({ texts: texts.length, ids }) + "\n");
}
