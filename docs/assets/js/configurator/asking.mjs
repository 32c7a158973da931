// What the configurator asks handfoot, in the worker: the check of a rule set (with the sheet form and the words it
// makes), the file of a rule set, and the description the rule page and the sheet are drawn from. Without the rules
// engine (it failed to start) a change is kept unchecked and nothing is drawn.
import { download as save } from "../dom.mjs";
import { engineMissing } from "../offline.mjs";

export function askHandfoot({ engine, rulesOf, baseOf }) {
  return {
    async check(draft) {
      try {
        await engine.ready;
        const asked = rulesOf(draft);
        await engine.call("validate_variant", asked);
        const [form, words] = await Promise.all([engine.call("sheet_form", asked), engine.call("rule_words", asked)]);
        return { form, words };
      } catch (error) {
        if (error.type !== "failed") throw error;
        return null;
      }
    },
    // handfoot writes the file (variant_file), as the build reads it.
    async download(draft, message) {
      try {
        await engine.ready;
        const file = await engine.call("variant_file", rulesOf(draft));
        save(file.file_name, file.text, "application/yaml");
      } catch (error) {
        if (error.type !== "failed") throw error;
        message.textContent = `The file cannot be written now: ${engineMissing("the rules engine")} Copy the share link to keep these rules.`;
      }
    },
    // `draw(describe)` draws from handfoot's description of `draft`; `failed(message)` says why it could not.
    async describe(draft, draw, failed) {
      if (engine.state === "failed") return;
      try {
        await engine.ready;
        await draw(() => engine.call("describe_variant", rulesOf(draft), baseOf(draft)));
      } catch (error) {
        if (error.type === "failed") return;
        console.error(error);
        failed(error.message);
      }
    },
  };
}
