// The data the browser modules start from, as handfoot gives it (the site's variants and spec JSON): written by the
// pytest test that runs these tests (test_browser_modules.py), which names its file in HF_DATA.
import { readFileSync } from "node:fs";

const path = process.env.HF_DATA;
if (!path) throw new Error("HF_DATA is not set: run these tests through pytest (tests/js/test_browser_modules.py)");

export const data = JSON.parse(readFileSync(path, "utf-8"));
export const fields = data.spec.flatMap((section) => section.fields);
export const paths = new Set(fields.map((field) => field.path));
export const known = { variants: data.variants, paths, most: data.text_most };
export const limits = data.sheets[data.default].limits;

// A localStorage for Node: setItem refuses, as a full phone does, once `room` characters are kept.
export class MemoryStorage {
  constructor(room = Infinity) {
    this.items = new Map();
    this.room = room;
  }
  get length() {
    return this.items.size;
  }
  key(index) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const used = [...this.items].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    if (used + key.length + String(value).length > this.room) {
      throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
    }
    this.items.set(key, String(value));
  }
  removeItem(key) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}
