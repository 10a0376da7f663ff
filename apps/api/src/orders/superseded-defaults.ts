import { createHash } from 'node:crypto';
import { docxLibs } from './docx-libs.ts';

// Earlier built-in defaults, by the SHA-256 of their word/document.xml. A template file still
// holding one was written by the portal and never edited: it is replaced by today's default
// when next used, so that an upgrade brings the new wording (labels instead of codes, the
// beneficiary, the alignment order's number, the annexes, the signatory) without touching edited
// templates.
// Today's defaults are never listed here (orders-merge.test.ts): add the hash of a default when
// its wording changes.

const SUPERSEDED: Readonly<Record<number | string, readonly string[]>> = {
  1: [
    '29185ca19a989de2ee00b25250c43810d029e30a52cfa868f34cdfece1f8f740',
    // Before the coordination prescription.
    'f71e856bf2e486b82c410e534fe2637814532c8f31a01e43a4cf63ba339018de',
    // Before the appeal wording naming the court of Pau (APPEAL_NOTICE).
    'f671fe0db9afc8e487bed03b63474fe87efa4684517e8e988e2ef68bf248cae8',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    'd34c745f41cb5992485e7efb20e09085902e98960235e59ef3c5eec117a6a49a',
  ],
  2: [
    '602b8d9ed1a20029744d3db897089bc7984ee381a766e05be217894c525443c6',
    '2d0ce52a00df93423f4657019fe35bcc8124ba12cf63bc77a66d40dd84ebb484',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    'd2c2f5db9cbbdf0c3923380635da22974bebb14b89425180ab1eebcb1eb9dc55',
  ],
  3: [
    '342c5e9de7379c155ed0b17a365005e684d7db91a398836fc896ae6b4356b79a',
    // Before the coordination prescription.
    '3464fcde75b94b95ffd1d37d7747e9fe4ddf4fade78408cf725ca5ff04ba5b5a',
    // Before the appeal wording naming the court of Pau (APPEAL_NOTICE).
    'a46834a63d4b994b70e8f6984e6c6748e0c13faa64453e5513553baf4542f0d3',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    '52d74914653f7347ab52e9f79918dbb44e71f32c58eb54479a5e102c044b880a',
  ],
  4: [
    '280368fd5022f0fd8cb5b5fb5020d678041146fe471ac929e00d8b89e022e7d4',
    '5b35ed73ec7e044451b366e1ddd6ea34d8fc9852c270a197ced3d3559ce09ece',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    '47983353eacc7bdab4a0cf4db96c59b3d8f6b242246aa99834dd73c4e0454d84',
  ],
  5: [
    '2415d2be894d75fb51d65c55a79e8cbf3b155dd948e6dd45da3ab95503c66117',
    '70f110ef798fb9f439e7dc073d1fa1252794731665212fb23099d1cd76721df3',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    '06e4042d2e44a8da0cdb20ab4cbc2af59f1b63e21d4744b17e187b9424a05cde',
  ],
  6: [
    '8256207160847f979cdb1d696504f31dc647d2df5d883890c89cb3edc0afdc7a',
    // Before the formal notice carried the appeal wording.
    '413f76f2d6b48a2b7f61f3afe2e526fd0c5e6c90ea8b0ba23c2d95ad61d187d9',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    'a0e28e8d80b7ae7e51a0e2b49fb2c7520679f867509113e10b4de54ea8ed7c30',
  ],
  7: [
    'd2108f05244df523ea8b122dadf7ebf3cb1a8ba59d4a283d9654596ab4420fc5',
    'c66f439a32f91a19d876bcfcd3e9fa4d518352e246659b38732760f49973449e',
  ],
  8: [
    '35e7d96e755e53e379578458c7ae94fcb24a70e3e26054bd53637517b7ea572d',
    'fcea1b6ac5dfe16979a3de20eb18a148961c5abfcbe15badd9f8866c4189ae08',
  ],
  9: [
    'e52a307fa10e52b41793ba9f42024b3553295c36d54a76bc15356b2448adf71f',
    'bde073d72672ee8b90b2b4f6b6e164b83ba4b89c6be4fb4206cc58785d74c5a3',
  ],
  10: [
    'a2c60ec477308e420f947199e28e0ba98a28a891b23f36333ab77eb7a55cbcd3',
    '5c53dcaa827366b26c65301a5594efd32385fea3bb488e75bb226b181aa3d24f',
  ],
  arrete_circulation: [
    // Before the detour and prescriptions worded by the instructor.
    '6b23160e86806e52276802d14140f48700fd0b386791210298033430089605f7',
    // Before the signatory's name and « Fonction » (docs/acts.md « Signatory »).
    'b5389ae82459e20e6bc7ff5515385709153cb37e48f50fa267023fd0a928d395',
  ],
};

/**
 * True when the file is an earlier built-in default of this template, never edited. `key`: the
 * template's id, or its kind for the traffic order (templates.ts, defaultKeyOf).
 */
export async function isSupersededDefault(key: number | string, bytes: Buffer): Promise<boolean> {
  const known = SUPERSEDED[key];
  if (!known) return false;
  const { PizZip } = await docxLibs();
  try {
    const xml = new PizZip(bytes).file('word/document.xml')?.asText();
    return xml !== undefined && known.includes(createHash('sha256').update(xml).digest('hex'));
  } catch {
    return false;
  }
}
