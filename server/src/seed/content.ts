/** Demo articles: real-looking titles and summaries; bodies are composed from per-section paragraphs. */
export type DemoSection = 'General' | 'Sports' | 'OpinionsEditorials' | 'Business' | 'Technology';

export interface DemoArticle {
  title: string;
  summary: string;
  section: DemoSection;
  category: string;
}

export const DEMO_CATEGORIES = ['Politics', 'World', 'Business', 'Technology', 'Sports', 'Culture', 'Science', 'Health'];

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    section: 'General',
    category: 'Politics',
    title: 'City council approves late-night bus network after two-year trial',
    summary: 'Seven routes will run until 2 a.m. from spring, with the busiest corridors served every fifteen minutes.',
  },
  {
    section: 'General',
    category: 'World',
    title: 'Flood defences hold as river reaches highest level in forty years',
    summary: 'Engineers credit the barrier completed last autumn; residents of the lower town were told to stay alert overnight.',
  },
  {
    section: 'General',
    category: 'Science',
    title: 'Volunteers count a record 212 species in the annual garden bird survey',
    summary: 'Goldfinches and long-tailed tits rose sharply, while house sparrows continued a slow decline.',
  },
  {
    section: 'General',
    category: 'Health',
    title: 'New walk-in clinic cuts emergency waiting times by a third',
    summary: 'The hospital trust says minor injuries are now seen in under two hours on most days.',
  },
  {
    section: 'General',
    category: 'Culture',
    title: 'Historic cinema reopens its doors after a community buy-out',
    summary: 'More than 3,000 residents bought shares to save the 1930s picture house from redevelopment.',
  },
  {
    section: 'General',
    category: 'Politics',
    title: 'Regional elections: turnout rises for the first time in a decade',
    summary: 'Younger voters and postal ballots drove participation up to 47 per cent across the region.',
  },
  {
    section: 'General',
    category: 'Science',
    title: 'University team maps the coastline with drones to track erosion',
    summary: 'High-resolution surveys show some cliffs retreating by more than a metre a year.',
  },
  {
    section: 'General',
    category: 'World',
    title: 'Twin-town exchange brings forty students from Lyon for a week',
    summary: 'The programme, paused for four years, returns with a focus on science and local history.',
  },
  {
    section: 'General',
    category: 'Health',
    title: 'Free swimming lessons for every primary school pupil from September',
    summary: 'The scheme aims to ensure every child can swim 25 metres by the time they leave primary school.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'United snatch late winner to go top of the league',
    summary: 'A stoppage-time header from the captain settled a tense derby in front of a sell-out crowd.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Marathon record falls as thousands brave the rain',
    summary: 'The winner finished in 2:08:41, more than a minute inside the course record set in 2019.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Teenage sprinter selected for the national athletics squad',
    summary: 'At 17, she is the youngest athlete named for the European indoor championships.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Cricket club unveils plans for a new pavilion and youth academy',
    summary: 'The project would double the number of junior teams and open the ground to schools.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Rowing crew completes Atlantic crossing in 41 days',
    summary: 'The four friends raised more than £120,000 for mental health charities along the way.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Basketball finals: underdogs force a decisive game seven',
    summary: 'A 24-point comeback in the fourth quarter kept the season alive for the visitors.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: "Women's cycling tour to finish in the city for the first time",
    summary: 'Organisers expect 80,000 spectators along the final circuit through the old town.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Tennis: local qualifier reaches the third round on debut',
    summary: 'Ranked 212th in the world, he saved four match points in a five-hour epic.',
  },
  {
    section: 'Sports',
    category: 'Sports',
    title: 'Grassroots football gets £2m for all-weather pitches',
    summary: 'Twelve clubs will share the funding, which organisers say will end winter cancellations.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Politics',
    title: 'Our view: the housing plan needs more than good intentions',
    summary: 'Targets without funding for infrastructure will leave new estates without schools or surgeries.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Culture',
    title: 'Why local newspapers still matter in the age of the feed',
    summary: 'Accountability journalism is slow, expensive and irreplaceable: a community that loses it pays later.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Technology',
    title: 'The four-day week is not a perk, it is a productivity test',
    summary: 'Early results are promising, but the real question is who gets left out of the experiment.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Health',
    title: 'Letters: readers on hospital parking, bus fares and dog parks',
    summary: "A selection of this week's correspondence, lightly edited for length.",
  },
  {
    section: 'OpinionsEditorials',
    category: 'Business',
    title: 'High streets will survive if we stop designing them for cars',
    summary: 'The towns that are thriving share one thing: people can linger without fighting the traffic.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Science',
    title: 'Climate adaptation is a local job, and it is overdue',
    summary: 'Councils cannot wait for national strategy to protect homes from the next flood.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Politics',
    title: 'Our view: a fair budget would protect libraries first',
    summary: 'Libraries are the last free indoor public spaces; cutting them saves little and costs a lot.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Culture',
    title: 'In praise of the amateur choir',
    summary: 'Singing badly, together, on a Tuesday night may be the best thing a town can do for itself.',
  },
  {
    section: 'OpinionsEditorials',
    category: 'Sports',
    title: 'Ticket prices are pricing families out of the game',
    summary: 'Clubs that forget their communities will find empty seats when the television money dries up.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Family bakery expands to three new shops after record year',
    summary: 'The fourth-generation business will create 45 jobs and open a training kitchen.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Port handles record container traffic as new berth opens',
    summary: 'Volumes rose 18 per cent year on year, driven by shipping lines avoiding congested hubs.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Interest rates held steady as inflation eases to 2.4%',
    summary: 'The central bank signalled cuts could come later in the year if wage growth continues to slow.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Start-up hub reports 60 new companies in its first year',
    summary: 'Software, food production and green energy lead the list of new firms in the converted mill.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: "Farmers' market turns ten with plans for a covered hall",
    summary: 'Traders say the weekly market now draws visitors from across the county.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Energy co-operative cuts bills for 4,000 households',
    summary: 'Members of the community wind scheme will see average savings of £180 a year.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Retail footfall recovers as the new market square opens',
    summary: 'Shops around the square report weekend visitor numbers up by a quarter since the opening.',
  },
  {
    section: 'Business',
    category: 'Business',
    title: 'Brewery wins export deal worth £3m to Scandinavian chains',
    summary: 'The independent brewer will add a night shift to meet demand for its pale ales.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Full-fibre broadband reaches 90% of homes in the district',
    summary: 'The remaining rural properties are due to be connected by the end of next year.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Hospital trial uses AI to speed up reading of chest X-rays',
    summary: 'Radiologists say the tool flags urgent cases first, cutting reporting times by half.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Students build a satellite that will launch next spring',
    summary: 'The shoebox-sized CubeSat will measure air quality from low Earth orbit.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Council launches an open data portal for bus times and bins',
    summary: 'Developers have already built three apps on the new real-time feeds.',
  },
  {
    section: 'Technology',
    category: 'Science',
    title: 'Battery factory to recycle 10,000 tonnes of cells a year',
    summary: 'The plant will recover lithium, nickel and cobalt for reuse in new batteries.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Digital skills classes for over-65s are oversubscribed',
    summary: 'Volunteers teach video calls, online banking and how to spot scams.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Self-driving shuttle begins trials on the university campus',
    summary: 'The twelve-seat electric bus runs a fixed route with a safety operator on board.',
  },
  {
    section: 'Technology',
    category: 'Science',
    title: 'Researchers turn food waste into bioplastic packaging',
    summary: 'The material breaks down in garden compost within twelve weeks.',
  },
  {
    section: 'Technology',
    category: 'Technology',
    title: 'Cyber-security centre opens with 200 graduate places',
    summary: 'The centre will train analysts to protect local businesses and public services.',
  },
];

const PARAGRAPHS: Record<DemoSection, string[]> = {
  General: [
    'The decision follows months of consultation in which residents, businesses and community groups set out what they wanted to see change. Officials said the response had been the largest to any local consultation in recent memory.',
    'Local representatives welcomed the announcement but warned that the details would matter. "People have waited a long time for this," one said. "Now it has to work on a wet Tuesday in February, not just on launch day."',
    'Figures published alongside the plan show how demand has grown over the past five years, with the sharpest increase among younger residents and those living on the edge of town.',
    'Critics argue that the money could have been spent elsewhere, pointing to pressure on social care and road maintenance. Supporters counter that the investment will pay for itself within a decade.',
    'A review will take place after twelve months, and the results will be published in full. Residents can give their views at a series of drop-in sessions at libraries across the area.',
  ],
  Sports: [
    'It was a performance built on patience. For long spells the visitors kept possession without threatening, but the home side never lost their shape and were rewarded when it mattered most.',
    'The coach praised the squad\'s fitness after a gruelling run of fixtures. "We have asked a lot of them this month," he said. "They keep finding something extra in the last ten minutes."',
    'Supporters had travelled in numbers, and the noise in the final quarter was the loudest the ground has heard this season. Many stayed long after the final whistle to applaud the players.',
    'Statistics tell part of the story: more shots on target, more distance covered and fewer errors than in any game since the opening weekend. But the spirit in the side is harder to measure.',
    "Attention now turns to next week's trip, where a win would open a gap at the top of the table for the first time in three years.",
  ],
  OpinionsEditorials: [
    'There is a temptation, in every budget round, to cut what is quiet rather than what is wasteful. The services that make the least noise are often the ones that hold a community together.',
    'We have argued before that decisions of this kind should be made in the open, with the evidence published and the trade-offs admitted. That has not happened here, and it should.',
    'None of this is to say that the status quo is acceptable. It plainly is not. But the answer to a failing system is to mend it, not to abandon the people who depend on it.',
    'Readers have written to us in large numbers on this subject, and their letters share a theme: people are willing to accept hard choices if they believe they are being told the truth.',
    'The test of any plan is what it looks like in five years. On that test, this one still has a great deal to prove.',
  ],
  Business: [
    'The company said the expansion had been made possible by strong trading over the past year, with online orders and wholesale contracts both growing faster than expected.',
    'Economists said the figures were encouraging but cautioned that costs remain high. Energy, rent and wages have all risen sharply, squeezing margins for small firms in particular.',
    'The chief executive said the business would continue to buy from local suppliers where it could. "Our customers care where things come from," she said. "So do we."',
    'Analysts expect the sector to keep growing through the next two years, helped by lower borrowing costs and a steady recovery in consumer confidence.',
    'Recruitment for the new roles will begin next month, with apprenticeships reserved for school leavers from the surrounding area.',
  ],
  Technology: [
    'The project team spent two years testing the system before the public launch, working with users to find the problems that only show up in the real world.',
    'Engineers said the biggest challenge was not the technology itself but making it reliable and simple enough for people who have never used anything like it.',
    'Privacy campaigners welcomed the decision to keep personal data on local servers and to publish the source code, though they asked for an independent audit within a year.',
    'Early results suggest the service is already saving time: tasks that took days now take hours, and staff can spend more of their time on the cases that need a person.',
    'The next phase will extend the system to neighbouring districts, subject to funding and a review of the first year of operation.',
  ],
};

/** Four or five paragraphs, varied per article, with a sub-heading and a quote so the body HTML looks real. */
export function demoBody(article: DemoArticle, index: number): string {
  const pool = PARAGRAPHS[article.section];
  const order = pool.map((_, i) => pool[(i + index) % pool.length]!);
  const [first, second, third, ...rest] = order;
  return [
    `<p><strong>${article.summary}</strong></p>`,
    `<p>${first}</p>`,
    `<p>${second}</p>`,
    '<h2>What happens next</h2>',
    `<p>${third}</p>`,
    `<blockquote><p>${rest[0]}</p></blockquote>`,
    `<p>${rest[1] ?? first}</p>`,
  ].join('\n');
}

export const DEMO_BREAKING_NEWS = [
  'Main bridge closed in both directions after a lorry fire; diversions in place',
  'Polls close in the regional election: counting under way in all districts',
  'United sign Norwegian striker on a four-year deal',
  'Heavy snow warning issued for the hills from midnight',
  'Central bank holds interest rates at 4.25%',
  'Schools to reopen on Monday after the heating repairs',
];

export const DEMO_COMMENTS = [
  'Great reporting, thank you for covering this properly.',
  'I was there on the day and this matches what I saw.',
  'Does anyone know when the consultation closes?',
  'Long overdue. Let us hope it is done well.',
  'This is the kind of local story that nobody else covers.',
  'I am not convinced the numbers add up, but it is a start.',
];

export const DEMO_REPLIES = [
  'Agreed, the follow-up will be interesting.',
  'It closes at the end of the month, according to the council website.',
  'Fair point, though the report explains where the money comes from.',
];
