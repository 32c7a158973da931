// Which rules are being written: the rule sets kept on this device (one open), the version they start from and their
// name, folded under one line that names the open set.
import { fill, h } from "../dom.mjs";

// `actions` are {open(id), addSet(), removeSet(), rebase(id), rename(text)}; `most` is handfoot's limits on a name.
// A set added is named next: the header opens at its name. After a set is deleted the focus goes to the list of sets.
export function setHeader({ variants, most, actions }) {
  const setSelect = h("select", { id: "hf-set", onchange: () => actions.open(setSelect.value) });
  const baseSelect = h(
    "select",
    { id: "hf-base", onchange: () => actions.rebase(baseSelect.value) },
    Object.values(variants).map((v) => h("option", { value: v.id, text: v.name })),
  );
  const nameInput = h("input", {
    id: "hf-name",
    type: "text",
    maxlength: String(most.name),
    autocomplete: "off",
    placeholder: "Grandma's rules",
    oninput: () => actions.rename(nameInput.value),
  });
  const remove = h("button", {
    type: "button",
    id: "hf-delete-set",
    class: "md-button",
    text: "Delete this rule set",
    onclick: () => {
      actions.removeSet();
      setSelect.focus();
    },
  });
  const title = h("span", { class: "hf-config__set-name" });
  const element = h(
    "details",
    { class: "hf-config__set", id: "hf-config-set" },
    h("summary", {}, h("span", { text: "Rule set: " }), title),
    h("div", { class: "hf-control" }, h("label", { for: "hf-set", text: "Rule set" }), setSelect),
    h(
      "div",
      { class: "hf-buttons" },
      h("button", { type: "button", class: "md-button", text: "New rule set", onclick: addSet }),
      remove,
    ),
    h("div", { class: "hf-control" }, h("label", { for: "hf-base", text: "Start from" }), baseSelect),
    h("div", { class: "hf-control" }, h("label", { for: "hf-name", text: "Name your rules" }), nameInput),
  );

  function addSet() {
    actions.addSet();
    element.open = true;
    nameInput.focus();
  }

  // `sets` with their labels, the open one's id, its draft, and whether the delete button has nothing to delete.
  function paint({ sets, labels, current, draft, lone }) {
    const typingIn = document.activeElement;
    if (baseSelect !== typingIn) baseSelect.value = draft.base;
    if (nameInput !== typingIn && nameInput.value !== draft.name) nameInput.value = draft.name;
    const options = [...setSelect.options];
    if (options.length !== sets.length || options.some((option, i) => option.value !== sets[i].id)) {
      fill(
        setSelect,
        sets.map((set, i) => h("option", { value: set.id, selected: set.id === current, text: labels[i] })),
      );
    } else {
      options.forEach((option, i) => {
        if (option.textContent !== labels[i]) option.textContent = labels[i];
      });
    }
    setSelect.value = current;
    title.textContent = labels[sets.findIndex((set) => set.id === current)];
    remove.disabled = lone;
  }

  return { element, paint };
}
