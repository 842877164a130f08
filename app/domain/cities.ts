// City landing content, the supported-city slug map and time-zone guessing.
// Pure data and functions: safe on the server and in the browser (STYLE.md rule 2).

export type CityPageSlug =
  | 'austin'
  | 'boston'
  | 'dallas'
  | 'denver'
  | 'chicago'
  | 'houston'
  | 'seattle'
  | 'baltimore'
  | 'san-diego'
  | 'los-angeles'
  | 'san-francisco'
  | 'washington-dc'

// Alphabetical, the order of the home page's city selector (spec 000 §2, '/ (home)').
export const CITY_PAGE_SLUGS: readonly CityPageSlug[] = [
  'austin',
  'baltimore',
  'boston',
  'chicago',
  'dallas',
  'denver',
  'houston',
  'los-angeles',
  'san-diego',
  'san-francisco',
  'seattle',
  'washington-dc',
]

export interface CityFaq {
  question: string
  answer: string
}

export interface CityPage {
  slug: CityPageSlug
  cityName: string
  state: string
  stateAbbr: string
  /** IANA zone of the city. */
  timezone: string
  /** Strings, as the spec's city page data has them (001 §3). */
  coordinates: { lat: string; lng: string }
  neighborhoods: string[]
  nearbySuburbs: string[]
  landmarks: string[]
  /** Two short paragraphs separated by a blank line. */
  localContext: string
  /** USD per hour (spec 000 §9, 001 §9). */
  pricing: { min: number; max: number; context: string }
  nearbyCities: { name: string; slug: CityPageSlug }[]
  faqs: CityFaq[]
  heroImage: { src: string; width: number; height: number; alt: string }
}

// Spec 000 §9: 25-30 miles in the page text, 50 miles in structured data.
export const SERVICE_RADIUS_TEXT = '25-30 miles'
export const SERVICE_AREA_MILES = 50

function heroImage(slug: CityPageSlug, alt: string): CityPage['heroImage'] {
  return { src: `/images/cities/${slug}.svg`, width: 1200, height: 500, alt }
}

export const CITY_PAGES: Record<CityPageSlug, CityPage> = {
  austin: {
    slug: 'austin',
    cityName: 'Austin',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '30.2672', lng: '-97.7431' },
    neighborhoods: [
      'Hyde Park',
      'Travis Heights',
      'Zilker',
      'Mueller',
      'Tarrytown',
      'Clarksville',
      'Bouldin Creek',
      'Allandale',
      'Crestview',
      'Circle C Ranch',
    ],
    nearbySuburbs: [
      'Round Rock',
      'Cedar Park',
      'Pflugerville',
      'Georgetown',
      'Leander',
      'Lakeway',
      'Bee Cave',
      'West Lake Hills',
      'Dripping Springs',
      'Kyle',
      'Buda',
    ],
    landmarks: [
      'Texas State Capitol',
      'Lady Bird Lake',
      'Zilker Park and Barton Springs Pool',
      'Ascension Seton Medical Center Austin',
      "St. David's Women's Center of Texas",
      "Dell Children's Medical Center",
    ],
    localContext:
      "Austin has grown quickly, and many of the families welcoming a baby here moved from another state, far from the grandparents who might otherwise take a night shift. Most babies in the area are born at Ascension Seton Medical Center Austin, St. David's Women's Center of Texas in North Austin, or the hospitals of Round Rock and Cedar Park, and our nurses are used to meeting families in the first days home from any of them.\n\n" +
      'Summers are long and hot, so nurses keep the nursery at a steady, comfortable temperature and dress the baby lightly for sleep. Evening traffic on I-35, MoPac and US-183 is heavy, which is one reason most nights here start at 9 or 10 pm, after the roads clear, whether you live near downtown or out in Leander or Kyle.',
    pricing: {
      min: 35,
      max: 60,
      context:
        'Austin rates sit close to the Texas average; nurses with Newborn Care Specialist training, RN licenses or twin experience charge toward the top, so a typical 10-hour night costs about $350 to $600 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Houston', slug: 'houston' },
      { name: 'Dallas', slug: 'dallas' },
    ],
    faqs: [
      {
        question: 'Do night nurses in Austin travel to Round Rock, Cedar Park and Dripping Springs?',
        answer:
          'Most nurses serve a 25-30 mile radius from where they live, which covers Round Rock, Cedar Park, Pflugerville and Dripping Springs from central Austin. Each profile shows the nurse\'s base location, so pick someone close to you for easier late-evening arrivals.',
      },
      {
        question: 'How do nurses keep a newborn comfortable during an Austin summer?',
        answer:
          'They keep the room at a steady temperature, usually in the high 60s to low 70s °F, dress the baby in a single light layer or sleep sack and watch for signs of overheating. Let your nurse know where the thermostat is and whether the nursery gets afternoon sun.',
      },
      {
        question: 'Can I book a nurse for my first nights home from Seton or St. David\'s?',
        answer:
          'Yes. Book the nights from the day you expect to come home; if your baby arrives early, message your nurse and move or cancel nights from your dashboard. Nights cancelled more than 48 hours ahead are refunded in full.',
      },
    ],
    heroImage: heroImage(
      'austin',
      'Illustrated night skyline of Austin with the domed Texas State Capitol, downtown towers and Lady Bird Lake under a crescent moon',
    ),
  },

  boston: {
    slug: 'boston',
    cityName: 'Boston',
    state: 'Massachusetts',
    stateAbbr: 'MA',
    timezone: 'America/New_York',
    coordinates: { lat: '42.3601', lng: '-71.0589' },
    neighborhoods: [
      'Back Bay',
      'Beacon Hill',
      'South End',
      'Jamaica Plain',
      'West Roxbury',
      'Roslindale',
      'Charlestown',
      'South Boston',
      'Dorchester',
      'North End',
      'Fenway',
      'Brighton',
    ],
    nearbySuburbs: [
      'Cambridge',
      'Somerville',
      'Brookline',
      'Newton',
      'Needham',
      'Wellesley',
      'Quincy',
      'Arlington',
      'Lexington',
      'Waltham',
      'Milton',
      'Dedham',
    ],
    landmarks: [
      'Massachusetts State House',
      'Boston Common and the Public Garden',
      'Leonard P. Zakim Bunker Hill Memorial Bridge',
      "Brigham and Women's Hospital",
      'Beth Israel Deaconess Medical Center',
      'Massachusetts General Hospital',
      "Boston Children's Hospital",
    ],
    localContext:
      "Boston families have some of the country's best-known birth hospitals close by: Brigham and Women's and Beth Israel Deaconess in the Longwood Medical Area, Massachusetts General downtown, and Mount Auburn and Newton-Wellesley just outside the city. Many parents here live in brownstones, triple-deckers and walk-up condos, so our nurses are practiced at working quietly in compact homes where every floorboard can be heard.\n\n" +
      "Winters are long, dark and snowy, and a nurse's drive in from Quincy or Waltham can take longer after a storm, so experienced nurses plan their arrival with a margin. Massachusetts offers paid family leave, and many families book nights for the weeks when a partner goes back to work and the household still needs rested mornings.",
    pricing: {
      min: 45,
      max: 70,
      context:
        'Boston rates reflect a high cost of living and steady demand around the Longwood Medical Area; nurses with RN licenses or Newborn Care Specialist training are at the top of the range, so a typical 10-hour night costs about $450 to $700 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Baltimore', slug: 'baltimore' },
      { name: 'Washington DC', slug: 'washington-dc' },
    ],
    faqs: [
      {
        question: 'Do Boston night nurses cover Cambridge, Brookline and Newton?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, which includes Cambridge, Somerville, Brookline, Newton and the towns along Route 128. Check the base location on each profile to find someone close by.',
      },
      {
        question: 'What happens if a snowstorm hits on a booked night?',
        answer:
          'Nurses plan around the forecast and will message you if travel looks unsafe. If a night cannot go ahead, you can cancel it from your dashboard; a night cancelled more than 48 hours ahead is refunded in full, and within 48 hours half is refunded. Tell your nurse where to park, since many streets become no-parking during a declared snow emergency.',
      },
      {
        question: "Can a night nurse help after my baby's NICU stay?",
        answer:
          'Many nurses on Nightlight have cared for babies home from Boston-area NICUs. Look for RN or LPN credentials and the Special Needs specialty on a profile, and share your discharge instructions with your nurse before the first night.',
      },
    ],
    heroImage: heroImage(
      'boston',
      'Illustrated night view of Boston with the gold dome of the State House, the cable-stayed Zakim Bridge and lit brownstones under a crescent moon',
    ),
  },

  dallas: {
    slug: 'dallas',
    cityName: 'Dallas',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '32.7767', lng: '-96.7970' },
    neighborhoods: [
      'Uptown',
      'Lakewood',
      'Lake Highlands',
      'Preston Hollow',
      'M Streets',
      'Oak Lawn',
      'Bishop Arts District',
      'Kessler Park',
      'Lower Greenville',
      'Far North Dallas',
    ],
    nearbySuburbs: [
      'Highland Park',
      'University Park',
      'Plano',
      'Frisco',
      'McKinney',
      'Richardson',
      'Allen',
      'Southlake',
      'Coppell',
      'Irving',
      'Garland',
      'Flower Mound',
    ],
    landmarks: [
      'Reunion Tower',
      'Klyde Warren Park',
      'White Rock Lake',
      'Texas Health Presbyterian Hospital Dallas',
      'Baylor University Medical Center',
      'Medical City Dallas',
      'Parkland Memorial Hospital',
    ],
    localContext:
      'Dallas babies are born at large hospitals across the metro, from Texas Health Presbyterian Hospital Dallas, Baylor University Medical Center, Medical City Dallas and Parkland Memorial in the city to the Texas Health, Baylor Scott & White and Medical City hospitals in Plano, Frisco and McKinney. With families spread from the Park Cities to the fast-growing northern suburbs, matching with a nurse who lives on your side of town makes every evening arrival easier.\n\n' +
      'Drives on the Dallas North Tollway, US-75 and LBJ Freeway can be long, so most nights start once rush hour is over. Summers are hot, spring brings strong storms and the occasional winter ice can close roads; nurses here keep an eye on the forecast and let families know early if the weather changes their plans.',
    pricing: {
      min: 35,
      max: 60,
      context:
        'Dallas rates are in line with the rest of Texas; nurses who cover long distances into the northern suburbs or care for twins tend to charge toward the top, so a typical 10-hour night costs about $350 to $600 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Austin', slug: 'austin' },
      { name: 'Houston', slug: 'houston' },
    ],
    faqs: [
      {
        question: 'Do Dallas night nurses serve Plano, Frisco and the Park Cities?',
        answer:
          'Yes. Most nurses cover a 25-30 mile radius, which reaches Highland Park, University Park, Richardson and Plano from central Dallas. For Frisco, McKinney or Southlake, look for a nurse based in the northern suburbs.',
      },
      {
        question: 'What if an ice storm or severe weather falls on a booked night?',
        answer:
          'Your nurse will message you if roads are unsafe. You can cancel a night from your dashboard: more than 48 hours before it starts it is refunded in full, within 48 hours half is refunded, so keep an eye on the forecast and decide early.',
      },
      {
        question: 'Can I find a night nurse who speaks Spanish in Dallas?',
        answer:
          'Many nurses list the languages they speak on their profiles. Search for Dallas and open the profiles to see languages, credentials and experience before you book.',
      },
    ],
    heroImage: heroImage(
      'dallas',
      'Illustrated night skyline of Dallas with the lit sphere of Reunion Tower and downtown towers under a crescent moon',
    ),
  },

  denver: {
    slug: 'denver',
    cityName: 'Denver',
    state: 'Colorado',
    stateAbbr: 'CO',
    timezone: 'America/Denver',
    coordinates: { lat: '39.7392', lng: '-104.9903' },
    neighborhoods: [
      'Washington Park',
      'Cherry Creek',
      'Highland',
      'Park Hill',
      'Central Park',
      'Lowry',
      'Congress Park',
      'Platt Park',
      "Sloan's Lake",
      'Berkeley',
    ],
    nearbySuburbs: [
      'Aurora',
      'Lakewood',
      'Englewood',
      'Littleton',
      'Centennial',
      'Highlands Ranch',
      'Arvada',
      'Westminster',
      'Broomfield',
      'Golden',
      'Parker',
      'Castle Rock',
    ],
    landmarks: [
      'Colorado State Capitol',
      'Red Rocks Amphitheatre',
      'City Park',
      'Denver Botanic Gardens',
      'Rose Medical Center',
      'Presbyterian/St. Luke\'s Medical Center',
      'UCHealth University of Colorado Hospital',
      "Children's Hospital Colorado",
    ],
    localContext:
      'Denver families give birth at Rose Medical Center, Presbyterian/St. Luke\'s, UCHealth University of Colorado Hospital on the Anschutz campus in Aurora, and suburban hospitals from Lone Tree to Westminster. At a mile above sea level, some newborns go home on supplemental oxygen for a while; if yours does, choose a nurse with experience caring for babies on home oxygen and mention it in your booking notes.\n\n' +
      'The air is dry all year, so nurses often suggest a cool-mist humidifier in the nursery. Winter storms can roll in quickly along I-25, I-70 and C-470, and nurses watch the forecast and leave early on snowy evenings. Many families here moved to Colorado for work and the outdoors, without relatives close by for the first weeks.',
    pricing: {
      min: 40,
      max: 65,
      context:
        'Denver rates reflect a cost of living above the national average and nurses who travel from across the metro; experience with babies on home oxygen or with twins moves a nurse toward the top, so a typical 10-hour night costs about $400 to $650 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Dallas', slug: 'dallas' },
      { name: 'Austin', slug: 'austin' },
    ],
    faqs: [
      {
        question: 'Can a Denver night nurse care for a baby on home oxygen?',
        answer:
          'Yes, many nurses in the area have done so. Look for RN or LPN credentials, mention the oxygen in your booking notes and share your pediatrician\'s instructions; your nurse monitors the baby and equipment but does not change prescribed settings.',
      },
      {
        question: 'Do nurses cover Aurora, Highlands Ranch and the foothill towns?',
        answer:
          'Most nurses serve a 25-30 mile radius, which covers Aurora, Lakewood, Littleton, Centennial and Highlands Ranch from central Denver. Golden, Parker and Castle Rock are easiest with a nurse based nearby.',
      },
      {
        question: 'What happens if snow makes the roads unsafe on a booked night?',
        answer:
          'Your nurse will let you know as early as possible. You can cancel the night from your dashboard: more than 48 hours ahead it is refunded in full, within 48 hours half is refunded.',
      },
    ],
    heroImage: heroImage(
      'denver',
      'Illustrated night view of Denver with the Rocky Mountains behind the Colorado State Capitol dome and downtown towers under a crescent moon',
    ),
  },

  chicago: {
    slug: 'chicago',
    cityName: 'Chicago',
    state: 'Illinois',
    stateAbbr: 'IL',
    timezone: 'America/Chicago',
    coordinates: { lat: '41.8781', lng: '-87.6298' },
    neighborhoods: [
      'Lincoln Park',
      'Lakeview',
      'Wicker Park',
      'Bucktown',
      'Logan Square',
      'Hyde Park',
      'Andersonville',
      'Roscoe Village',
      'Old Town',
      'West Loop',
      'Ravenswood',
      'Edgewater',
    ],
    nearbySuburbs: [
      'Evanston',
      'Oak Park',
      'Wilmette',
      'Skokie',
      'Park Ridge',
      'Glenview',
      'Winnetka',
      'Arlington Heights',
      'Elmhurst',
      'Hinsdale',
      'Naperville',
    ],
    landmarks: [
      'Willis Tower',
      'Millennium Park',
      'Navy Pier',
      'Lincoln Park Zoo',
      "Northwestern Medicine Prentice Women's Hospital",
      "Ann & Robert H. Lurie Children's Hospital of Chicago",
      'Rush University Medical Center',
    ],
    localContext:
      "Chicago is home to some of the Midwest's busiest birth hospitals: Northwestern Medicine Prentice Women's Hospital in Streeterville, Rush University Medical Center on the Near West Side and UChicago Medicine in Hyde Park, with Lurie Children's next door to Prentice for babies who need extra care. Families live everywhere from high-rise condos with a front desk to two-flats and greystones, so let your nurse know how to get in and where to park.\n\n" +
      "Winters are cold and windy, and snowstorms can slow the Kennedy, the Edens and Lake Shore Drive, so nurses plan extra time on stormy evenings. Plenty of nurses ride the 'L' or Metra in from the suburbs, which makes a start after the evening rush easy to keep.",
    pricing: {
      min: 40,
      max: 65,
      context:
        'Chicago rates follow a big-city cost of living and vary with commute; nurses with RN licenses, Newborn Care Specialist training or twin experience charge toward the top, so a typical 10-hour night costs about $400 to $650 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Boston', slug: 'boston' },
      { name: 'Washington DC', slug: 'washington-dc' },
    ],
    faqs: [
      {
        question: 'Do Chicago night nurses come out to Evanston, Oak Park and the North Shore?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, which reaches Evanston, Oak Park, Skokie and the North Shore suburbs from the city. For Naperville or Hinsdale, a nurse based in the western suburbs is the easiest match.',
      },
      {
        question: 'How do I help my nurse get into a high-rise building at night?',
        answer:
          'Add your nurse to the guest list with the front desk or doorman, and put parking or guest-garage details in your booking notes. Nurses arriving by the \'L\' appreciate knowing the nearest station and the safest entrance.',
      },
      {
        question: 'Is there a nurse who can help with twins from Prentice or Rush?',
        answer:
          'Look for the Twin/Multiple Care specialty on nurse profiles. Nurses experienced with twins keep both babies on a feeding schedule and a shared log so mornings stay simple.',
      },
    ],
    heroImage: heroImage(
      'chicago',
      'Illustrated night skyline of Chicago with Willis Tower and its twin antennas, neighboring towers and Lake Michigan under a crescent moon',
    ),
  },

  houston: {
    slug: 'houston',
    cityName: 'Houston',
    state: 'Texas',
    stateAbbr: 'TX',
    timezone: 'America/Chicago',
    coordinates: { lat: '29.7604', lng: '-95.3698' },
    neighborhoods: [
      'The Heights',
      'Montrose',
      'River Oaks',
      'Memorial',
      'Midtown',
      'Meyerland',
      'Garden Oaks',
      'Oak Forest',
      'Rice Military',
      'Museum District',
      'Upper Kirby',
    ],
    nearbySuburbs: [
      'West University Place',
      'Bellaire',
      'Sugar Land',
      'Katy',
      'The Woodlands',
      'Pearland',
      'Cypress',
      'Spring',
      'Friendswood',
      'League City',
      'Missouri City',
      'Humble',
    ],
    landmarks: [
      'Texas Medical Center',
      "Texas Children's Pavilion for Women",
      'Memorial Hermann–Texas Medical Center',
      'Hermann Park',
      'Buffalo Bayou Park',
      'Space Center Houston',
      'Houston Museum District',
    ],
    localContext:
      "Many Houston babies are born in the Texas Medical Center, one of the largest medical complexes in the world, at Texas Children's Pavilion for Women or Memorial Hermann–Texas Medical Center, while suburban families often deliver at Memorial Hermann, Houston Methodist and HCA hospitals in Katy, Sugar Land and The Woodlands. The metro is wide, so choosing a nurse who lives on your side of Beltway 8 keeps late-evening drives short.\n\n" +
      'Heat and humidity last most of the year, and hurricane season runs from June through November. Heavy rain can flood underpasses and freeways like I-10 and I-610 quickly, so nurses here check the weather before they leave and keep families posted; after a storm, a nurse with a steady plan is a real comfort.',
    pricing: {
      min: 35,
      max: 60,
      context:
        'Houston rates are among the more affordable of our cities, shaped by the Texas cost of living and long drives across the metro; NICU experience, RN licenses and twin care move a nurse toward the top, so a typical 10-hour night costs about $350 to $600 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Dallas', slug: 'dallas' },
      { name: 'Austin', slug: 'austin' },
    ],
    faqs: [
      {
        question: 'Do Houston night nurses travel to Katy, Sugar Land and The Woodlands?',
        answer:
          'Most nurses serve a 25-30 mile radius from home. Sugar Land, Pearland and Bellaire are easy from central Houston; for Katy, Cypress or The Woodlands, a nurse based in the suburbs will make the trip more reliably.',
      },
      {
        question: 'What happens to my bookings during a hurricane or flood warning?',
        answer:
          'Safety comes first: your nurse will tell you if roads are unsafe, and you can cancel a night from your dashboard. A night cancelled more than 48 hours before it starts is refunded in full; within 48 hours, half is refunded.',
      },
      {
        question: 'Can I find a nurse with NICU experience near the Texas Medical Center?',
        answer:
          'Yes. Many nurses in Houston have worked with premature and medically fragile babies. Look for RN credentials and the Special Needs specialty, and share your discharge plan before the first night.',
      },
    ],
    heroImage: heroImage(
      'houston',
      'Illustrated night skyline of downtown Houston with tall glass towers and Buffalo Bayou under a crescent moon',
    ),
  },

  seattle: {
    slug: 'seattle',
    cityName: 'Seattle',
    state: 'Washington',
    stateAbbr: 'WA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '47.6062', lng: '-122.3321' },
    neighborhoods: [
      'Capitol Hill',
      'Ballard',
      'Fremont',
      'Queen Anne',
      'Wallingford',
      'Green Lake',
      'West Seattle',
      'Magnolia',
      'Ravenna',
      'Columbia City',
      'Madison Park',
      'Beacon Hill',
    ],
    nearbySuburbs: [
      'Bellevue',
      'Kirkland',
      'Redmond',
      'Issaquah',
      'Sammamish',
      'Mercer Island',
      'Shoreline',
      'Bothell',
      'Edmonds',
      'Renton',
      'Lynnwood',
      'Burien',
    ],
    landmarks: [
      'Space Needle',
      'Pike Place Market',
      'Green Lake Park',
      'Swedish Medical Center – First Hill',
      'UW Medical Center – Northwest',
      "Seattle Children's Hospital",
      'Overlake Medical Center',
    ],
    localContext:
      "Seattle families give birth at Swedish First Hill and UW Medical Center's Montlake and Northwest campuses, or on the Eastside at Overlake in Bellevue and EvergreenHealth in Kirkland, with Seattle Children's nearby for specialist care. Many parents came to the region for work in tech, health care or research and have no family within driving distance, which is exactly when a night nurse helps most.\n\n" +
      'Winter days are short, with sunset before 4:30 pm in December, and the long grey stretch can wear on new parents, so a few full nights of sleep matter. Crossings on SR-520 and I-90 and traffic on I-5 decide how long a nurse takes to reach you, so choosing someone on your side of Lake Washington keeps arrivals reliable.',
    pricing: {
      min: 45,
      max: 70,
      context:
        "Seattle rates reflect one of the country's higher costs of living and strong demand from relocated families; RN licenses, Newborn Care Specialist training and twin experience put a nurse near the top, so a typical 10-hour night costs about $450 to $700 before the platform fee.",
    },
    nearbyCities: [
      { name: 'San Francisco', slug: 'san-francisco' },
      { name: 'Los Angeles', slug: 'los-angeles' },
    ],
    faqs: [
      {
        question: 'Do Seattle night nurses cover Bellevue, Kirkland and Redmond?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, which covers the Eastside as well as Shoreline, Edmonds and Renton. Because bridge traffic varies, a nurse based on your side of Lake Washington is often the best fit.',
      },
      {
        question: 'Can a night nurse help with the newborn blues during dark winter months?',
        answer:
          'A night nurse lets you sleep, which helps your recovery, and can point you to support, but is not a mental health provider. If you feel low for more than two weeks or have thoughts of harming yourself or your baby, call your doctor, or call or text 988.',
      },
      {
        question: 'Do nurses support breastfeeding parents through the night?',
        answer:
          'Yes. Your nurse brings the baby to you for feeds, helps with latch and positioning if you wish, then settles the baby so you can go back to sleep. Nurses with the Breastfeeding Support specialty can also help plan pumping around your return to work.',
      },
    ],
    heroImage: heroImage(
      'seattle',
      'Illustrated night skyline of Seattle with the Space Needle, downtown towers and Mount Rainier beneath a crescent moon',
    ),
  },

  baltimore: {
    slug: 'baltimore',
    cityName: 'Baltimore',
    state: 'Maryland',
    stateAbbr: 'MD',
    timezone: 'America/New_York',
    coordinates: { lat: '39.2904', lng: '-76.6122' },
    neighborhoods: [
      'Federal Hill',
      'Canton',
      'Fells Point',
      'Roland Park',
      'Hampden',
      'Mount Vernon',
      'Locust Point',
      'Homeland',
      'Charles Village',
      'Bolton Hill',
      'Patterson Park',
      'Mount Washington',
    ],
    nearbySuburbs: [
      'Towson',
      'Columbia',
      'Ellicott City',
      'Catonsville',
      'Owings Mills',
      'Pikesville',
      'Lutherville-Timonium',
      'Glen Burnie',
      'Bel Air',
      'Annapolis',
      'Severna Park',
      'Perry Hall',
    ],
    landmarks: [
      'Inner Harbor',
      'Fort McHenry',
      'National Aquarium',
      'Domino Sugars sign',
      'Johns Hopkins Hospital',
      'Mercy Medical Center',
      'Greater Baltimore Medical Center (GBMC)',
      'University of Maryland Medical Center',
    ],
    localContext:
      'Baltimore families deliver at Johns Hopkins Hospital, University of Maryland Medical Center, Mercy Medical Center downtown and GBMC in Towson, among others, and several of these have neonatal intensive care units that care for babies from across Maryland. Many homes are rowhouses with steep, narrow stairs, so nurses here are used to nurseries a floor or two above the kitchen and plan night feeds to keep trips up and down to a minimum.\n\n' +
      'Plenty of parents commute to Washington or work shifts at the city\'s hospitals and universities, and a night nurse keeps that schedule possible in the first months. Summers are humid and winters bring occasional ice; nurses allow extra time on the Beltway and I-83 and will ask about residential permit parking on your block.',
    pricing: {
      min: 40,
      max: 68,
      context:
        "Baltimore rates sit between the national average and Washington's higher prices, and demand from families who commute to DC pushes experienced nurses higher; NICU and twin experience put a nurse near the top, so a typical 10-hour night costs about $400 to $680 before the platform fee.",
    },
    nearbyCities: [
      { name: 'Washington DC', slug: 'washington-dc' },
      { name: 'Boston', slug: 'boston' },
    ],
    faqs: [
      {
        question: 'Do Baltimore night nurses cover Towson, Columbia and Annapolis?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, which reaches Towson, Catonsville, Ellicott City, Columbia and Glen Burnie from the city; Annapolis and Bel Air are easiest with a nurse based nearby.',
      },
      {
        question: 'Can a night nurse help after a NICU stay at Hopkins or University of Maryland?',
        answer:
          'Many nurses in the area have cared for premature babies after discharge. Look for RN or LPN credentials and the Special Needs specialty, and share your discharge instructions before the first night.',
      },
      {
        question: 'Where should my nurse park in a rowhouse neighborhood?',
        answer:
          'Many Baltimore blocks use residential permit parking. If yours does, arrange a visitor permit or point your nurse to nearby unrestricted parking in your booking notes.',
      },
    ],
    heroImage: heroImage(
      'baltimore',
      "Illustrated night view of Baltimore's Inner Harbor with the glowing Domino Sugars sign, harbor towers and their reflections under a crescent moon",
    ),
  },

  'san-diego': {
    slug: 'san-diego',
    cityName: 'San Diego',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '32.7157', lng: '-117.1611' },
    neighborhoods: [
      'North Park',
      'Hillcrest',
      'La Jolla',
      'Mission Hills',
      'Point Loma',
      'Pacific Beach',
      'Kensington',
      'University City',
      'Carmel Valley',
      'Rancho Bernardo',
      'Normal Heights',
      'South Park',
    ],
    nearbySuburbs: [
      'Coronado',
      'Chula Vista',
      'La Mesa',
      'El Cajon',
      'Santee',
      'Poway',
      'Del Mar',
      'Solana Beach',
      'Encinitas',
      'Carlsbad',
      'Escondido',
      'Oceanside',
    ],
    landmarks: [
      'Balboa Park',
      'San Diego Zoo',
      'San Diego–Coronado Bridge',
      'Sharp Mary Birch Hospital for Women & Newborns',
      'Scripps Memorial Hospital La Jolla',
      'UC San Diego Health – Jacobs Medical Center',
      "Rady Children's Hospital",
    ],
    localContext:
      "San Diego families give birth at Sharp Mary Birch Hospital for Women & Newborns in Kearny Mesa, Scripps Memorial in La Jolla, UC San Diego Health's Jacobs Medical Center, Kaiser Permanente and Tri-City and Palomar in North County, with Rady Children's for specialist care. The region is home to many military families, and when a partner is deployed or on duty, a night nurse gives a new parent the rest that family would otherwise provide.\n\n" +
      'The weather is mild all year, though coastal neighborhoods sit under the marine layer in late spring and early summer while inland areas run much warmer, so nurses dress the baby for your home, not the postcard. Traffic on I-5, I-805 and I-15 and across the Coronado bridge shapes arrival times, so a nurse based nearby is worth choosing.',
    pricing: {
      min: 40,
      max: 65,
      context:
        "San Diego rates reflect Southern California's high cost of living, a little below Los Angeles; nurses with RN licenses, NICU or twin experience charge toward the top, so a typical 10-hour night costs about $400 to $650 before the platform fee.",
    },
    nearbyCities: [
      { name: 'Los Angeles', slug: 'los-angeles' },
      { name: 'San Francisco', slug: 'san-francisco' },
    ],
    faqs: [
      {
        question: 'Do San Diego night nurses serve Coronado and North County?',
        answer:
          'Most nurses serve a 25-30 mile radius. Coronado, Chula Vista, La Mesa and Del Mar are within reach of central San Diego; Carlsbad, Escondido and Oceanside are best served by a nurse based in North County.',
      },
      {
        question: 'Can a night nurse help while my partner is deployed?',
        answer:
          'Yes. Many military families book recurring weekly nights for the weeks a partner is away. Choose recurring nights when you book, and you can cancel any single night later from your dashboard.',
      },
      {
        question: 'Can I book a nurse to come to a home on base?',
        answer:
          'Nurses can care for your baby on base if they can get access. Arrange a visitor pass through your installation\'s visitor center before the first night and put the gate details in your booking notes.',
      },
    ],
    heroImage: heroImage(
      'san-diego',
      'Illustrated night view of San Diego Bay with the curving Coronado Bridge, palm trees and downtown towers under a crescent moon',
    ),
  },

  'los-angeles': {
    slug: 'los-angeles',
    cityName: 'Los Angeles',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '34.0522', lng: '-118.2437' },
    neighborhoods: [
      'Silver Lake',
      'Los Feliz',
      'Echo Park',
      'Hancock Park',
      'Larchmont',
      'Brentwood',
      'Westwood',
      'Venice',
      'Mar Vista',
      'Studio City',
      'Sherman Oaks',
      'Pacific Palisades',
    ],
    nearbySuburbs: [
      'Santa Monica',
      'Beverly Hills',
      'Culver City',
      'West Hollywood',
      'Pasadena',
      'South Pasadena',
      'Burbank',
      'Glendale',
      'Manhattan Beach',
      'Redondo Beach',
      'Torrance',
      'Calabasas',
    ],
    landmarks: [
      'Griffith Observatory',
      'Hollywood Sign',
      'Santa Monica Pier',
      'Getty Center',
      'Cedars-Sinai Medical Center',
      'Ronald Reagan UCLA Medical Center',
      "Children's Hospital Los Angeles",
    ],
    localContext:
      "Los Angeles families deliver at Cedars-Sinai, Ronald Reagan UCLA Medical Center, Providence Saint John's in Santa Monica, Kaiser Permanente and many community hospitals from the Valley to the South Bay, with Children's Hospital Los Angeles for specialist care. The city is vast, so the best match is a nurse who lives on your side of town, whether that is the Westside, the Valley, the Eastside or the beach cities.\n\n" +
      'Traffic on the 405, the 101 and the 10 can turn a short distance into a long drive, so most nights start after the evening rush. Valley summers are hot and Santa Ana winds bring dry air and, some years, wildfire smoke; nurses keep windows shut and an air purifier running when the air quality is poor.',
    pricing: {
      min: 45,
      max: 75,
      context:
        'Los Angeles rates reflect a high cost of living and long cross-town drives; nurses with RN licenses, Newborn Care Specialist training or experience with twins and high-profile families charge at the top, so a typical 10-hour night costs about $450 to $750 before the platform fee.',
    },
    nearbyCities: [
      { name: 'San Diego', slug: 'san-diego' },
      { name: 'San Francisco', slug: 'san-francisco' },
    ],
    faqs: [
      {
        question: 'Should I choose a Los Angeles nurse by neighborhood?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, but in LA traffic a nurse who lives within a few miles arrives more reliably. Check the base location on each profile and favour someone on your side of town.',
      },
      {
        question: 'What does a nurse do on a smoky or Santa Ana wind night?',
        answer:
          'Nurses keep the windows closed, run an air purifier if you have one, and keep the baby cool and hydrated through feeds. If air quality alerts worry you, ask your pediatrician for guidance and share it with your nurse.',
      },
      {
        question: 'Can I ask a nurse to sign a confidentiality agreement?',
        answer:
          'Yes. Many families ask for one, and you can discuss it with your nurse before the first night. Your booking details stay private between you, your nurse and our support team.',
      },
    ],
    heroImage: heroImage(
      'los-angeles',
      'Illustrated night view of Los Angeles with the Hollywood Hills, Griffith Observatory, downtown towers and palm trees under a crescent moon',
    ),
  },

  'san-francisco': {
    slug: 'san-francisco',
    cityName: 'San Francisco',
    state: 'California',
    stateAbbr: 'CA',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: '37.7749', lng: '-122.4194' },
    neighborhoods: [
      'Noe Valley',
      'Bernal Heights',
      'Pacific Heights',
      'Mission District',
      'Inner Sunset',
      'Outer Sunset',
      'Richmond District',
      'Glen Park',
      'Cole Valley',
      'Potrero Hill',
      'Marina',
      'Mission Bay',
    ],
    nearbySuburbs: [
      'Oakland',
      'Berkeley',
      'Alameda',
      'Daly City',
      'San Mateo',
      'Burlingame',
      'Mill Valley',
      'Sausalito',
      'Redwood City',
      'Menlo Park',
      'Palo Alto',
      'Walnut Creek',
    ],
    landmarks: [
      'Golden Gate Bridge',
      'Golden Gate Park',
      'Painted Ladies at Alamo Square',
      'Ferry Building',
      "UCSF Betty Irene Moore Women's Hospital at Mission Bay",
      'California Pacific Medical Center – Van Ness Campus',
      'Kaiser Permanente San Francisco Medical Center',
    ],
    localContext:
      "San Francisco babies are born at UCSF's Betty Irene Moore Women's Hospital in Mission Bay, California Pacific Medical Center's Van Ness campus, Kaiser Permanente on Geary and Zuckerberg San Francisco General, with UCSF Benioff Children's Hospitals for specialist care. Homes are often flats and Victorians with steep stairs and little parking, so tell your nurse about a driveway, garage or the easiest Muni or BART route.\n\n" +
      'Summer fog keeps the western neighborhoods cool even in July, while the Mission and Potrero Hill can be sunny and warm the same evening, so nurses layer the baby for your microclimate rather than the calendar. Many parents work demanding hours in tech, medicine and finance and have family far away, which makes reliable nights in the first months especially valuable.',
    pricing: {
      min: 50,
      max: 80,
      context:
        'San Francisco has the highest rates of our cities because of the Bay Area cost of living and long commutes for nurses who cannot afford to live in the city; RN licenses and twin experience put a nurse at the top, so a typical 10-hour night costs about $500 to $800 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Los Angeles', slug: 'los-angeles' },
      { name: 'San Diego', slug: 'san-diego' },
    ],
    faqs: [
      {
        question: 'Do San Francisco night nurses cover the East Bay, Marin and the Peninsula?',
        answer:
          'Most nurses serve a 25-30 mile radius, which reaches Oakland, Berkeley, Daly City, San Mateo and Mill Valley. Bridge tolls and traffic vary, so a nurse based on your side of the Bay is usually the easiest match.',
      },
      {
        question: 'How do nurses dress a baby for foggy San Francisco nights?',
        answer:
          'Homes without central heating can get cool overnight, so nurses use a sleep sack suited to the room temperature rather than loose blankets, and check the baby\'s neck or chest for warmth instead of hands and feet.',
      },
      {
        question: 'Why are night nurses more expensive in San Francisco?',
        answer:
          'Rates follow the local cost of living and the time nurses spend commuting. Booking several nights a week with the same nurse keeps care consistent and is easier to plan for both of you.',
      },
    ],
    heroImage: heroImage(
      'san-francisco',
      'Illustrated night view of San Francisco with the Golden Gate Bridge towers over the bay, rolling fog, hills and city lights under a crescent moon',
    ),
  },

  'washington-dc': {
    slug: 'washington-dc',
    cityName: 'Washington DC',
    state: 'District of Columbia',
    stateAbbr: 'DC',
    timezone: 'America/New_York',
    coordinates: { lat: '38.9072', lng: '-77.0369' },
    neighborhoods: [
      'Capitol Hill',
      'Georgetown',
      'Dupont Circle',
      'Adams Morgan',
      'Logan Circle',
      'Cleveland Park',
      'Chevy Chase DC',
      'Navy Yard',
      'Petworth',
      'Columbia Heights',
      'Brookland',
      'Tenleytown',
    ],
    nearbySuburbs: [
      'Arlington',
      'Alexandria',
      'Bethesda',
      'Chevy Chase',
      'Silver Spring',
      'Takoma Park',
      'Rockville',
      'Hyattsville',
      'McLean',
      'Falls Church',
      'Fairfax',
      'Reston',
    ],
    landmarks: [
      'U.S. Capitol',
      'National Mall',
      'Lincoln Memorial',
      "Smithsonian's National Zoo",
      'Sibley Memorial Hospital',
      'MedStar Georgetown University Hospital',
      'George Washington University Hospital',
      "Children's National Hospital",
    ],
    localContext:
      "Families in the District give birth at Sibley Memorial, MedStar Georgetown University Hospital, George Washington University Hospital and MedStar Washington Hospital Center, while many in the Maryland and Virginia suburbs deliver at Holy Cross, Shady Grove, Inova Alexandria and Inova Fairfax, with Children's National for specialist care. Government, military and diplomatic careers move families often, so many new parents here have no relatives nearby.\n\n" +
      'Rowhouses on Capitol Hill and in Petworth, and apartments with concierge desks downtown, each need a little planning for a nurse arriving at night. The Beltway and the Potomac bridges make cross-river trips slow, and summers are hot and humid, so nurses favour families on their side of the river and keep the nursery cool and quiet.',
    pricing: {
      min: 45,
      max: 75,
      context:
        'Washington DC rates reflect a high cost of living and demand from dual-career families across DC, Maryland and Virginia; RN licenses, NICU and twin experience put a nurse near the top, so a typical 10-hour night costs about $450 to $750 before the platform fee.',
    },
    nearbyCities: [
      { name: 'Baltimore', slug: 'baltimore' },
      { name: 'Boston', slug: 'boston' },
    ],
    faqs: [
      {
        question: 'Do DC night nurses cover Arlington, Bethesda and Alexandria?',
        answer:
          'Yes. Most nurses serve a 25-30 mile radius, which covers the District and the close-in suburbs of Maryland and Virginia. Because bridge traffic varies, a nurse based on your side of the Potomac is often the easiest match.',
      },
      {
        question: 'Can a night nurse help while my partner travels for work or deploys?',
        answer:
          'Yes. Many families book recurring weekly nights for the weeks a partner is away, then cancel single nights from the dashboard if plans change. Nights cancelled more than 48 hours ahead are refunded in full.',
      },
      {
        question: 'Can I find a nurse who speaks a language other than English?',
        answer:
          'The Washington area is international, and many nurses list the languages they speak on their profiles. Search for Washington DC and open a few profiles to compare languages and experience.',
      },
    ],
    heroImage: heroImage(
      'washington-dc',
      'Illustrated night view of Washington DC with the U.S. Capitol dome, the Washington Monument and rowhouses with warm windows under a crescent moon',
    ),
  },
}

export function isCityPageSlug(slug: string): slug is CityPageSlug {
  return Object.hasOwn(CITY_PAGES, slug)
}

export function getCityPage(slug: string): CityPage | undefined {
  return isCityPageSlug(slug) ? CITY_PAGES[slug] : undefined
}

// Shown after each city's own FAQs (spec 000 §2 '/night-nurse/{city-slug}'). The price and booking
// advice are the spec's constants (000 §9); the cancellation answer is DESIGN.md §6.5.
export const GENERIC_FAQS: CityFaq[] = [
  {
    question: 'What does a night nurse do?',
    answer:
      'A night nurse looks after your newborn overnight so you can sleep. They handle feeds (bottle feeds, or bringing the baby to you to breastfeed), diaper changes, burping, soothing and safe sleep, keep a log of the night, and share what they noticed in the morning. Many also help you build gentle routines in the first weeks.',
  },
  {
    question: 'How is a night nurse different from a postpartum doula or a nanny?',
    answer:
      'A night nurse focuses on the baby during the night. A postpartum doula mostly supports the parent, often during the day, with recovery, feeding and household help. A nanny usually provides ongoing daytime childcare for older babies and children. Some caregivers do more than one of these roles; each profile says what a nurse offers.',
  },
  {
    question: 'What credentials do night nurses have?',
    answer:
      'Nurses on Nightlight list their credentials, such as Registered Nurse (RN), Licensed Practical Nurse (LPN), Certified Nursing Assistant (CNA), Newborn Care Specialist (NCS) or Doula training. Not every night nurse is a licensed nurse, so read each profile and ask about training in infant CPR and safe sleep.',
  },
  {
    question: 'How does Nightlight verify night nurses?',
    answer:
      'Every nurse applies with a government-issued ID and the documents for the credentials they list. Our team reviews each application before approving it, and only approved nurses appear in search and can be booked. We still encourage you to message a nurse, ask questions and check references before the first night.',
  },
  {
    question: 'How much does a night nurse cost?',
    answer:
      'Night nurses typically cost $200-$500 per night, depending on the city, the length of the night, their experience and whether you have twins. Each nurse sets a nightly rate shown on their profile, and a 10% platform fee is added at checkout, so you see the full price before you pay.',
  },
  {
    question: 'When should I book a night nurse?',
    answer:
      'Book 4-6 weeks before your due date. Experienced nurses fill their calendars early, and booking ahead gives you time to compare profiles and ask questions. If your baby arrives early or late, you can move your plans by cancelling nights and booking new ones.',
  },
  {
    question: 'What happens during a typical night?',
    answer:
      'Your nurse usually arrives between 8 and 10 pm and goes over the day with you. Through the night they feed or bring the baby to you, change, burp and settle the baby in a safe sleep space, wash bottles and pump parts, and keep a log. In the morning, often around 6 to 8 am, they hand over with a summary of the night.',
  },
  {
    question: 'Can one night nurse care for twins?',
    answer:
      'Yes. Look for nurses with the Twin/Multiple Care specialty, who are used to keeping two babies on a shared feeding schedule. Rates for twins are often higher, and for triplets some families book two nurses.',
  },
  {
    question: 'What is the cancellation policy?',
    answer:
      'You can cancel any upcoming night from your dashboard. If you cancel more than 48 hours before a night starts, that night is refunded in full. Within 48 hours of the start, 50% of that night is refunded. The exact refund is shown before you confirm.',
  },
  {
    question: 'How do I pay for a night nurse?',
    answer:
      'You pay by card through Nightlight when you book: the nightly rate times the number of nights, plus a 10% platform fee. Payment is handled by our payment processor, and receipts are in your dashboard. Nurses never need to ask you for cash.',
  },
]

export interface SupportedCity {
  name: string
  slug: string
  stateAbbr: string
  timezone: string
}

// Spec 000 §3: the 23 cities of the supported slug map.
export const SUPPORTED_CITIES: SupportedCity[] = [
  { name: 'Atlanta', slug: 'atlanta', stateAbbr: 'GA', timezone: 'America/New_York' },
  { name: 'Austin', slug: 'austin', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Boston', slug: 'boston', stateAbbr: 'MA', timezone: 'America/New_York' },
  { name: 'Charlotte', slug: 'charlotte', stateAbbr: 'NC', timezone: 'America/New_York' },
  { name: 'Chicago', slug: 'chicago', stateAbbr: 'IL', timezone: 'America/Chicago' },
  { name: 'Dallas', slug: 'dallas', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Denver', slug: 'denver', stateAbbr: 'CO', timezone: 'America/Denver' },
  { name: 'Houston', slug: 'houston', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'Las Vegas', slug: 'las-vegas', stateAbbr: 'NV', timezone: 'America/Los_Angeles' },
  { name: 'Los Angeles', slug: 'los-angeles', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'Miami', slug: 'miami', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Nashville', slug: 'nashville', stateAbbr: 'TN', timezone: 'America/Chicago' },
  { name: 'New York', slug: 'new-york', stateAbbr: 'NY', timezone: 'America/New_York' },
  { name: 'Orlando', slug: 'orlando', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Philadelphia', slug: 'philadelphia', stateAbbr: 'PA', timezone: 'America/New_York' },
  { name: 'Phoenix', slug: 'phoenix', stateAbbr: 'AZ', timezone: 'America/Phoenix' },
  { name: 'Portland', slug: 'portland', stateAbbr: 'OR', timezone: 'America/Los_Angeles' },
  { name: 'San Antonio', slug: 'san-antonio', stateAbbr: 'TX', timezone: 'America/Chicago' },
  { name: 'San Diego', slug: 'san-diego', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'San Francisco', slug: 'san-francisco', stateAbbr: 'CA', timezone: 'America/Los_Angeles' },
  { name: 'Seattle', slug: 'seattle', stateAbbr: 'WA', timezone: 'America/Los_Angeles' },
  { name: 'Tampa', slug: 'tampa', stateAbbr: 'FL', timezone: 'America/New_York' },
  { name: 'Washington DC', slug: 'washington-dc', stateAbbr: 'DC', timezone: 'America/New_York' },
]

// Common ways of writing two cities that the 'name' and 'Name, ST' forms do not cover.
const CITY_ALIASES: Record<string, string> = {
  nyc: 'new-york',
  'new york city': 'new-york',
  'new york city, ny': 'new-york',
  dc: 'washington-dc',
  'd.c.': 'washington-dc',
  'washington, dc': 'washington-dc',
  'washington, d.c.': 'washington-dc',
  'washington d.c.': 'washington-dc',
}

function normalizeCityText(text: string): string {
  return text.trim().toLowerCase().replace(/\s*,\s*/g, ', ').replace(/\s+/g, ' ')
}

// Spec 000 §3's 23-city map leaves out Baltimore although Baltimore has a city page and sits in the
// footer's Top Cities; the city pages are added so 'Baltimore' leads to its page too.
const CITY_SLUG_LOOKUP: ReadonlyMap<string, string> = (() => {
  const lookup = new Map<string, string>(Object.entries(CITY_ALIASES))
  const cities = [
    ...SUPPORTED_CITIES,
    ...Object.values(CITY_PAGES).map((page) => ({
      name: page.cityName,
      slug: page.slug,
      stateAbbr: page.stateAbbr,
    })),
  ]
  for (const city of cities) {
    const name = city.name.toLowerCase()
    lookup.set(name, city.slug)
    lookup.set(`${name}, ${city.stateAbbr.toLowerCase()}`, city.slug)
    lookup.set(city.slug, city.slug)
  }
  return lookup
})()

/**
 * The city slug for a free-text city value ('Boston', 'boston, MA', 'new-york', 'NYC',
 * 'Washington, DC'): a supported city or a city page. Undefined when it names neither.
 */
export function citySlugFor(query: string): string | undefined {
  return CITY_SLUG_LOOKUP.get(normalizeCityText(query))
}

// The main zone of each state: where most of its people live (parts of TX, FL, IN, KY, TN, MI, ID,
// OR, NE, KS, ND and SD keep another zone; the base city, when it is supported, is matched first).
const STATE_TIMEZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
}

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  'd.c.': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
}

// First three digits of a ZIP code → state (USPS prefix ranges; territories and military left out).
const ZIP_PREFIX_STATES: [from: number, to: number, state: string][] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
]

function stateFromZip(text: string): string | undefined {
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)
  if (!zip) return undefined
  const prefix = Number(zip[1].slice(0, 3))
  return ZIP_PREFIX_STATES.find(([from, to]) => prefix >= from && prefix <= to)?.[2]
}

function stateFromWords(words: string): string | undefined {
  const cleaned = words.replace(/\b\d{5}(?:-\d{4})?\b/g, '').trim().toLowerCase()
  if (!cleaned) return undefined
  const abbr = cleaned.replace(/\./g, '').toUpperCase()
  if (abbr in STATE_TIMEZONES) return abbr
  return STATE_NAMES[cleaned]
}

// 'Austin, TX', 'Austin TX 78701', 'Portland, Oregon', '98101'.
function stateOf(location: string): string | undefined {
  const parts = location.split(',')
  if (parts.length > 1) {
    const fromLastPart = stateFromWords(parts[parts.length - 1])
    if (fromLastPart) return fromLastPart
  }
  // Without a comma, only an upper-case code at the end counts: 'in', 'or', 'me' are also words.
  const trailingCode = /\b([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*$/.exec(location.trim())
  if (trailingCode && trailingCode[1] in STATE_TIMEZONES) return trailingCode[1]
  return stateFromWords(location) ?? stateFromZip(location)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// Names looked for inside longer text ('Downtown Austin, TX'). 'Washington' alone is the state.
const CITY_NAMES_IN_TEXT: Record<string, string[]> = {
  'new-york': ['new york', 'nyc'],
  'washington-dc': ['washington dc', 'washington, dc', 'washington d.c.', 'washington, d.c.'],
}

const CITY_NAME_PATTERNS: { pattern: RegExp; city: SupportedCity }[] = SUPPORTED_CITIES.flatMap(
  (city) =>
    (CITY_NAMES_IN_TEXT[city.slug] ?? [city.name.toLowerCase()]).map((name) => ({
      pattern: new RegExp(`(^|[^a-z])${escapeRegExp(name)}($|[^a-z])`),
      city,
    })),
)

/**
 * Guess the IANA time zone of a nurse's free-text base location ('Austin, TX', 'Brooklyn, NY',
 * '98101'): a supported city first (unless the text names another state, as in 'Portland, ME'),
 * then the state or ZIP code, else America/New_York.
 */
export function timezoneForLocation(baseLocation: string): string {
  const text = baseLocation.trim()
  const state = stateOf(text)
  const exactSlug = citySlugFor(text)
  const city =
    SUPPORTED_CITIES.find((candidate) => candidate.slug === exactSlug) ??
    (exactSlug && isCityPageSlug(exactSlug) ? CITY_PAGES[exactSlug] : undefined) ??
    CITY_NAME_PATTERNS.find(({ pattern }) => pattern.test(text.toLowerCase()))?.city
  if (city && (!state || state === city.stateAbbr)) return city.timezone
  if (state) return STATE_TIMEZONES[state]
  return 'America/New_York'
}
