// What handfoot said of a change it refused: its reason at the field it names, "Not applied" at the field changed,
// both kept until that rule changes again; a refusal no field explains is worded for the page's notices.
import { capitalise } from "../dom.mjs";
import { controlId } from "./rules_form.mjs";

export function refusals({ fields }) {
  // The ids of the messages each refused change left.
  const left = new Map();
  const fieldOf = (path) => fields.find((field) => field.path === String(path).split("[")[0]);

  return {
    // Puts the reason at the fields; returns the notice to give when no field changed explains it, or null.
    show(problem, path, message) {
      const explained = fieldOf(problem.field);
      const target = (explained && document.getElementById(`${controlId(explained.path)}-error`)) ?? message;
      const reason = problem.problem ?? problem.message;
      const notice = `These rules have a problem: ${reason}. Change the rule marked below to fix it.`;
      if (!target) return notice;
      const outcome = path ? " Not applied." : "";
      target.textContent =
        problem.type === "VariantError" ? `${capitalise(reason)}.${outcome}` : `This cannot be checked now: ${reason}`;
      const at = path && document.getElementById(`${controlId(path)}-error`);
      if (at && at !== target) at.textContent = `Not applied: it clashes with "${explained.label}" (see there).`;
      if (!path) return notice;
      left.set(path, [target.id, at?.id].filter(Boolean));
      return null;
    },
    clear(path, message) {
      if (message) message.textContent = "";
      for (const id of left.get(path) ?? []) {
        const element = document.getElementById(id);
        if (element) element.textContent = "";
      }
      left.delete(path);
    },
  };
}
