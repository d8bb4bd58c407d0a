/**
 * Words the offline survey assistant builds questions from: what matters to the customers of
 * common kinds of business, what people like or dislike about common survey topics, and the
 * usual answer lists. Every list reads as real answer options a visitor could pick.
 */

export type BusinessKind = {
  kind: string;
  when: RegExp;
  /** What customers of this business care about: "what went well" and "areas that matter" options. */
  aspects: string[];
  /** What such a business offers, for "which ... do you use" questions. */
  offerings: string[];
  /** An ease question that fits the business ("{name}" stands for the brand). */
  ease: string;
};

/** Checked in order: food before shops (a pizzeria delivers), travel before shops (a marina books). */
export const BUSINESS_KINDS: BusinessKind[] = [
  {
    kind: 'food',
    when: /\b(restaurants?|caf[eé]s?|bistro|bakery|bakeries|pizz\w*|menus?|dish(es)?|food|kitchen|diner|pub|coffee|catering|takeaway|take-away|brunch|burgers?|sushi|bar|brewery|deli)\b/i,
    aspects: ['Food quality', 'Friendly service', 'Speed of service', 'Value for money', 'Atmosphere'],
    offerings: ['Starters', 'Main courses', 'Desserts', 'Drinks', 'Takeaway'],
    ease: 'How easy was it to order?',
  },
  {
    kind: 'travel',
    when: /\b(hotels?|hostels?|b&b|guest ?houses?|resorts?|travel|tours?|trips?|holidays?|vacations?|flights?|airlines?|camping|campsites?|marinas?|moorings?|harbou?rs?|berths?|boats?|cruises?|accommodation|apartments? to rent|holiday homes?)\b/i,
    aspects: ['Easy booking', 'Helpful staff', 'Facilities', 'Value for money', 'Location'],
    offerings: ['Accommodation', 'Tours and activities', 'Transfers', 'Food and drinks', 'Facilities'],
    ease: 'How easy was it to book with us?',
  },
  {
    kind: 'health',
    when: /\b(clinics?|dental|dentists?|doctors?|health|healthcare|medical|hospitals?|therap\w+|physio\w*|pharmac\w+|veterinar\w+|vets?|wellness|patients?|nurs\w+|opticians?)\b/i,
    aspects: ['Easy appointments', 'Friendly staff', 'Clear explanations', 'Short waiting time', 'Quality of care'],
    offerings: ['Check-ups', 'Treatments', 'Online appointments', 'Advice and information', 'Prescriptions'],
    ease: 'How easy was it to book an appointment?',
  },
  {
    kind: 'fitness',
    when: /\b(gyms?|fitness|yoga|pilates|studios?|salons?|spas?|barbers?|beauty|nails?|massages?|hairdress\w+|personal trainers?|crossfit)\b/i,
    aspects: ['Friendly staff', 'Classes and treatments', 'Cleanliness', 'Easy booking', 'Prices'],
    offerings: ['Classes', 'Personal training', 'Treatments', 'Memberships', 'Online booking'],
    ease: 'How easy was it to book with us?',
  },
  {
    kind: 'education',
    when: /\b(schools?|courses?|classes|training|universit\w+|colleges?|tutor\w*|learning|academ\w+|lessons?|students?|e-?learning|bootcamps?)\b/i,
    aspects: ['Course content', 'Teachers', 'Pace of learning', 'Learning materials', 'Support from staff'],
    offerings: ['Online courses', 'Classroom lessons', 'Learning materials', 'Exams and certificates', 'Tutoring'],
    ease: 'How easy was it to find the right course?',
  },
  {
    kind: 'events',
    when: /\b(events?|conferences?|festivals?|concerts?|tickets?|venues?|weddings?|meetups?|webinars?|exhibitions?|theat(er|re)s?)\b/i,
    aspects: ['Organisation', 'Programme and speakers', 'Venue', 'Ticketing', 'Atmosphere'],
    offerings: ['Talks and sessions', 'Workshops', 'Networking', 'Food and drinks', 'Live music'],
    ease: 'How easy was it to get your tickets?',
  },
  {
    kind: 'software',
    when: /\b(software|saas|apps?|platforms?|api|apis|plugins?|dashboards?|cloud|hosting|servers?|it support|tech support|integrations?|accounts? and billing|subscriptions?|devices?|gadgets?|electronics)\b/i,
    aspects: ['Ease of use', 'Useful features', 'Reliability', 'Speed', 'Helpful documentation'],
    offerings: ['Dashboard', 'Reports', 'Integrations', 'Mobile app', 'Notifications'],
    ease: 'How easy is {name} to use?',
  },
  {
    kind: 'property',
    when: /\b(real estate|propert(y|ies)|apartments?|letting|estate agents?|housing|rentals?|landlords?|tenants?|mortgages?)\b/i,
    aspects: ['Choice of properties', 'Responsive agents', 'Clear information', 'Easy viewings', 'Fair prices'],
    offerings: ['Buying', 'Renting', 'Selling', 'Valuations', 'Property management'],
    ease: 'How easy was it to find what you were looking for?',
  },
  {
    kind: 'finance',
    when: /\b(banks?|banking|insurance|insurers?|finance|financial|loans?|accounting|accountants?|tax(es)?|invest\w*|pensions?|credit)\b/i,
    aspects: ['Clear information', 'Quick responses', 'Trustworthy advice', 'Easy online services', 'Fair pricing'],
    offerings: ['Online banking', 'Savings', 'Loans', 'Insurance', 'Financial advice'],
    ease: 'How easy was it to get what you needed?',
  },
  {
    kind: 'automotive',
    when: /\b(cars?|garages?|auto|automotive|vehicles?|mechanics?|tyres?|tires?|car wash|dealership|mot)\b/i,
    aspects: ['Quality of the work', 'Honest advice', 'Speed', 'Prices', 'Friendly staff'],
    offerings: ['Servicing', 'Repairs', 'Tyres', 'Inspections', 'Car sales'],
    ease: 'How easy was it to book your appointment?',
  },
  {
    kind: 'shop',
    when: /\b(shops?|stores?|e-?commerce|web ?shop|online shop|orders?|ordering|shipping|deliver(y|ies)|retail|products?|boutiques?|fashion|clothing|clothes|furniture|marketplace|kettles?|shoes|jewell?ery|toys|books|gifts?|cosmetics|groceries|returns?|refunds?)\b/i,
    aspects: ['Product quality', 'Fast delivery', 'Easy ordering', 'Prices', 'Returns and refunds'],
    offerings: ['Bestsellers', 'New arrivals', 'Sale items', 'Gift cards', 'Delivery options'],
    ease: 'How easy was it to find and order what you wanted?',
  },
  {
    kind: 'services',
    when: /\b(law|legal|lawyers?|attorneys?|consult\w*|agency|agencies|marketing|design studio|cleaning|plumb\w+|electricians?|builders?|construction|repairs?|services)\b/i,
    aspects: ['Expertise', 'Clear communication', 'Responsiveness', 'Quality of the work', 'Value for money'],
    offerings: ['Consultations', 'Quotes', 'Projects', 'Maintenance', 'Support'],
    ease: 'How easy was it to get in touch with us?',
  },
];

/** Any business: what customers of a support chat care about. */
export const GENERAL_KIND: BusinessKind = {
  kind: 'general',
  when: /$^/,
  aspects: ['Quick answers', 'Friendly help', 'Clear information', 'Easy to use', 'Value for money'],
  offerings: ['Our products', 'Our services', 'Customer support', 'Our website', 'Our newsletter'],
  ease: 'How easy was it to find what you needed?',
};

/** What people like or dislike about a survey's topic, by the topic's words. */
export const TOPIC_ASPECTS: { when: RegExp; aspects: string[] }[] = [
  // Cakes made to order are judged on the day as much as on the taste.
  { when: /\b(?:birthday|wedding|celebration|custom|party|anniversary)\s+cakes?\b|\bcakes?\s+orders?\b/i, aspects: ['Taste', 'Design', 'Ready on time', 'Easy ordering', 'Value for money'] },
  {
    when: /\b(menus?|food|dish(es)?|meals?|pizz\w*|burgers?|desserts?|drinks?|coffee|lunch|dinner|breakfast|brunch|cuisine|recipes?|snacks?|cakes?|bread|pastr(?:y|ies)|croissants?|sourdough|vegan|vegetarian|gluten[- ]free)\b/i,
    aspects: ['Taste', 'Variety', 'Portion size', 'Presentation', 'Price'],
  },
  { when: /\b(deliver(y|ies)|shipping|couriers?|dispatch|parcels?|packages?)\b/i, aspects: ['Delivery speed', 'Packaging', 'Tracking updates', 'Friendly courier', 'Delivery cost'] },
  { when: /\b(apps?|websites?|site|platform|software|tools?|dashboards?|features?|updates?|releases?|versions?|portal|checkout)\b/i, aspects: ['Ease of use', 'Design', 'Speed', 'Features', 'Reliability'] },
  { when: /\b(events?|conferences?|webinars?|workshops?|meetups?|festivals?|concerts?|parties|party|launch|talks?|sessions?)\b/i, aspects: ['Content', 'Speakers', 'Organisation', 'Venue', 'Networking'] },
  { when: /\b(courses?|class(es)?|lessons?|training|programm?e?s?|tutorials?|bootcamps?|onboarding)\b/i, aspects: ['Content', 'Instructor', 'Pace', 'Materials', 'Exercises'] },
  { when: /\b(support|customer service|service desk|help ?desk|staff|team|agents?|chat|reception)\b/i, aspects: ['Response time', 'Friendliness', 'Knowledge', 'Problem solved', 'Follow-up'] },
  { when: /\b(rooms?|stays?|hotels?|accommodation|bookings?|trips?|tours?|visits?|holidays?|moorings?|berths?|facilities)\b/i, aspects: ['Cleanliness', 'Comfort', 'Staff', 'Location', 'Value for money'] },
  { when: /\b(prices?|pricing|plans?|subscriptions?|billing|fees|costs?|invoices?)\b/i, aspects: ['Clear pricing', 'Value for money', 'Payment options', 'Flexibility', 'Discounts'] },
  { when: /\b(products?|items?|collections?|range|kettles?|clothing|shoes|furniture|devices?)\b/i, aspects: ['Quality', 'Design', 'Price', 'Ease of use', 'Durability'] },
  { when: /\b(stores?|shops?|orders?|ordering|purchases?|buying)\b/i, aspects: ['Product range', 'Prices', 'Easy checkout', 'Payment options', 'Delivery'] },
];

/** Features most businesses' customers use, when neither the description nor the kind of business lists any. */
export const GENERIC_FEATURES = ['Online booking', 'Live chat', 'Email updates', 'Mobile app', 'Customer account'];
export const HEAR_ABOUT_OPTIONS = ['Search engine', 'Social media', 'A friend or colleague', 'Online review', 'Advertisement'];
export const AGE_GROUPS = ['Under 18', '18–24', '25–34', '35–44', '45–54', '55–64', '65 or over'];
export const FREQUENCY_OPTIONS = ['Every week', 'Every month', 'A few times a year', 'Rarely', 'This was my first time'];
export const YES_NO = ['Yes', 'No'];
export const YES_MAYBE_NO = ['Yes', 'Maybe', 'No'];
export const QUALITY_OPTIONS = ['Excellent', 'Good', 'Fair', 'Poor'];
export const TIME_OF_DAY_OPTIONS = ['Morning', 'Afternoon', 'Evening'];
export const WEEK_PART_OPTIONS = ['Weekdays', 'Weekends'];

/** Tones the owner may ask for, and the AI instructions each gives the survey. */
export const TONES: { when: RegExp; label: string; instructions: string }[] = [
  { when: /\b(casual|relaxed|informal|laid[- ]back|chill|less formal|conversational)\b/i, label: 'casual', instructions: 'Conduct this survey with a casual, relaxed tone. Keep each question short and conversational.' },
  { when: /\b(formal|more formal|serious|less casual)\b/i, label: 'formal', instructions: 'Conduct this survey with a formal, polite tone. Address the visitor respectfully and avoid slang.' },
  { when: /\b(professional|business-?like|corporate)\b/i, label: 'professional', instructions: 'Conduct this survey with a professional, courteous tone.' },
  { when: /\b(playful|fun|funny|humou?rous|witty|cheeky|light-?hearted)\b/i, label: 'playful', instructions: 'Conduct this survey with a playful, light-hearted tone. A little humour is welcome, but keep every question clear.' },
  { when: /\b(empath\w+|caring|gentle|compassionate|kind|supportive)\b/i, label: 'empathetic', instructions: 'Conduct this survey with an empathetic, caring tone. Thank the visitor for sharing, especially when they report a problem.' },
  { when: /\b(warm|friendly|friendlier|welcoming)\b/i, label: 'friendly', instructions: 'Conduct this survey with a warm, friendly tone.' },
  { when: /\b(enthusiastic|energetic|upbeat|excited|cheerful)\b/i, label: 'enthusiastic', instructions: 'Conduct this survey with an upbeat, enthusiastic tone.' },
  { when: /\b(concise|brief|short and sweet|direct|to the point|neutral)\b/i, label: 'brief', instructions: 'Conduct this survey with a brief, direct tone: no small talk between questions.' },
];

/** Words that name the bot rather than the business ("Acme Support Bot" → "Acme"). */
export const BOT_WORDS = /^(support|bot|chatbot|assistant|help|helper|helpdesk|desk|ai|agent|service|customer|care|team|chat|faq|the|virtual|online)$/i;

/** Who a survey is for, never what it is about ("a survey for our customers"). */
export const AUDIENCE = /^(?:(?:our|the|my|your|all|new|existing|regular|recent)\s+)*(customers?|clients?|visitors?|users?|guests?|members?|students?|patients?|employees?|staff|people|parents|shoppers|subscribers|buyers|attendees|participants|diners|tenants|readers|followers|everyone)$/i;

/** Things a visitor has rather than the business: "your visit", never "our visit". */
export const VISITOR_THINGS = /^(experience|visit|stay|trip|order|orders|purchase|purchases|appointment|booking|journey|meal|holiday|treatment|session|first impression|impression|day|time with us|overall experience)\b/i;

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(' ');

/** A count of questions the owner wrote: digits, a number word, "a couple of" or "a few". */
export const COUNT = `(\\d{1,2}|${NUMBER_WORDS.join('|')}|a couple of|a few)`;

export function countOf(word: string): number {
  const w = word.toLowerCase().trim();
  if (/^\d+$/.test(w)) return Number.parseInt(w, 10);
  if (w === 'a couple of') return 2;
  if (w === 'a few') return 3;
  return NUMBER_WORDS.indexOf(w);
}

/** Ordinals for "the second question". */
export const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
