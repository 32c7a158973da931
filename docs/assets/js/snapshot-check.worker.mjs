// Checks a kept snapshot's bytes against their SHA-256 on a thread of its own, while the engine worker starts Python
// from its own copy of them (engine-snapshot.mjs, verify). Given {bytes: Blob, sha256}, answers {same} or {error}.
import { sha256 } from "./engine-snapshot.mjs";

self.onmessage = async ({ data: { bytes, sha256: kept } }) => {
  try {
    self.postMessage({ same: (await sha256(new Uint8Array(await bytes.arrayBuffer()))) === kept });
  } catch (error) {
    self.postMessage({ error: [error?.name, error?.message].filter(Boolean).join(": ") || String(error) });
  }
};
