/** What the API answers for an accepted lead: 201 `{ id, reference }`. */
export type LeadReceipt = {
  id: string;
  reference: string;
  /** False for a honeypot submission: answered alike, but neither stored nor mailed. */
  stored: boolean;
};
