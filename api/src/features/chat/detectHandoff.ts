/**
 * Whether a visitor asks for a person rather than an answer ("Request Live Agent", "talk to
 * a human", "contact agent"...). Such requests get a contact form, whatever the model.
 */
export function detectHandoff(...texts: (string | null | undefined)[]): boolean {
  return texts.some((text) => !!text && PATTERNS.some((re) => re.test(text)));
}

const PEOPLE = '(?:human|person|agent|someone|somebody|representative|rep|operator|staff|team|support team|customer service|real person)';
const PATTERNS = [
  /\blive\s+(agent|person|human|support|operator|chat\s+agent)\b/i,
  new RegExp(`\\b(talk|speak|chat|connect|get through)\\s+(me\\s+)?(to|with)\\s+(a|an|the|some|your)?\\s*(real\\s+|live\\s+)?${PEOPLE}\\b`, 'i'),
  /\bcontact\s+(a|an|the|your)?\s*(real\s+|live\s+)?(agent|human|representative|person|operator|support|team|staff|someone)\b/i,
  /\b(request|need|want|get)\s+(a|an|to\s+talk\s+to\s+an?)?\s*(real\s+|live\s+)?(human|agent|representative|operator)\b/i,
  /^\s*(human|agent|operator|representative|real person)\s*(please|pls)?\s*[!.?]*\s*$/i,
  /\b(have|can)\s+(someone|somebody|a\s+person|a\s+human)\s+(call|contact|email|reach)\s+me\b/i,
];
