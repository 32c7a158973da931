// The rule helper's questions, each a short form. A question only gathers what the table says; `ask()` gives the
// handfoot call that answers it ({call: [name, ...args]}), {missing} while the form cannot be asked yet, or {shown}
// where handfoot's answers came with the rules (the table's other questions). `save()` gives what the form holds as
// plain data and `restore(saved)` puts it back (a reload keeps the question). Each question's title is handfoot's, by
// its key (the sheet form's `helper.tabs`).
import { meldQuestion } from "./meld_question.mjs";
import { goOutQuestion } from "./out_question.mjs";
import { openingQuestion } from "./opening_question.mjs";
import { pileQuestion } from "./pile_question.mjs";
import { tableQuestions } from "./table_question.mjs";

export const QUESTIONS = [
  { key: "meld", build: meldQuestion },
  { key: "pile", build: pileQuestion },
  { key: "opening", build: openingQuestion },
  { key: "out", build: goOutQuestion },
  // A list of answers with no yes or no: no verdict is kept at the foot of a phone's screen for it.
  { key: "table", answers: "The answers", verdicts: false, build: tableQuestions },
];
