// Scene templates for the demo catalogue's generated clips, by the film's major genre. Each
// says what happens in words a viewer would search for, so keyword and semantic search (and
// the relevance check of `npm run bench:search`) have something real to find.
export interface SceneTemplate {
  title: string;
  text: string;
  tags: string[];
}

const s = (title: string, text: string, tags: string[]): SceneTemplate => ({ title, text, tags });

export const SCENES: Record<string, SceneTemplate[]> = {
  Drama: [
    s(
      'The confession',
      'A quiet kitchen-table confession breaks a family apart as years of silence come out.',
      ['dialogue', 'emotional'],
    ),
    s(
      'Hospital vigil',
      'Relatives wait through the night in a hospital corridor, sharing memories and regrets.',
      ['emotional', 'family'],
    ),
    s(
      'Courtroom verdict',
      'The jury returns and the verdict is read while the defendant holds their breath.',
      ['courtroom', 'tension'],
    ),
    s('Letter from home', 'A letter arrives from home and is read aloud, tears on the page.', [
      'emotional',
      'dialogue',
    ]),
    s(
      'The argument',
      'Two brothers argue bitterly about the family business and the father they lost.',
      ['dialogue', 'family'],
    ),
    s(
      'Leaving town',
      'Packing a suitcase at dawn and leaving the small town without saying goodbye.',
      ['turning point', 'emotional'],
    ),
    s('Funeral eulogy', 'A eulogy at the graveside turns into a reckoning with the past.', [
      'emotional',
      'speech',
    ]),
  ],
  Comedy: [
    s(
      'Dinner party disaster',
      'A dinner party goes wrong: the roast catches fire and the guests trade awkward jokes.',
      ['funny', 'slapstick'],
    ),
    s(
      'Mistaken identity',
      'A case of mistaken identity at the office leads to a hilarious chain of lies.',
      ['funny', 'misunderstanding'],
    ),
    s(
      'Road trip breakdown',
      'The car breaks down in the middle of nowhere and the friends bicker comically.',
      ['funny', 'road trip'],
    ),
    s('The job interview', 'An absurd job interview where every answer makes things worse.', [
      'funny',
      'awkward',
    ]),
    s(
      'Wedding speech gone wrong',
      'The best man’s wedding speech spirals into embarrassing stories and laughter.',
      ['funny', 'speech'],
    ),
    s('Pet chaos', 'A runaway dog wrecks the living room just before the in-laws arrive.', [
      'slapstick',
      'funny',
    ]),
  ],
  'Romantic Comedy': [
    s('Meet cute', 'Two strangers collide in a bookshop, spill coffee and start flirting.', [
      'romance',
      'funny',
    ]),
    s(
      'The first date',
      'A nervous first date at a tiny restaurant full of awkward silences and laughter.',
      ['romance', 'date'],
    ),
    s(
      'Airport dash',
      'A desperate run through the airport to declare love before the plane leaves.',
      ['romance', 'chase'],
    ),
    s('Rainy kiss', 'A quarrel in the rain ends with a long-awaited kiss.', ['romance', 'kiss']),
    s('Wedding crasher', 'Crashing an ex’s wedding with a grand romantic gesture.', [
      'romance',
      'funny',
    ]),
    s(
      'The fake relationship',
      'Pretending to be a couple for the family holiday, and it starts to feel real.',
      ['romance', 'misunderstanding'],
    ),
  ],
  Horror: [
    s(
      'Something in the basement',
      'A flashlight flickers in a dark basement as scratching sounds come from behind the wall.',
      ['scary', 'suspense'],
    ),
    s(
      'The haunted house',
      'Doors slam on their own in the old haunted house and a ghostly figure appears on the stairs.',
      ['scary', 'ghost'],
    ),
    s('Night in the woods', 'Campers hear screams in the woods at night and find a bloody trail.', [
      'scary',
      'night',
    ]),
    s('The possession', 'A child speaks in a demonic voice during a terrifying exorcism.', [
      'scary',
      'supernatural',
    ]),
    s(
      'Monster attack',
      'A monster bursts from the shadows and chases the survivors through the corridors.',
      ['scary', 'monster'],
    ),
    s('Jump scare', 'A face appears in the mirror behind her: the film’s most famous jump scare.', [
      'scary',
      'jump scare',
    ]),
  ],
  'Thriller/Suspense': [
    s(
      'The stakeout',
      'Detectives watch the suspect’s apartment through the night from a parked car.',
      ['suspense', 'investigation'],
    ),
    s('Ticking bomb', 'Seconds left on the timer: which wire to cut?', ['suspense', 'tension']),
    s('The interrogation', 'A cold interrogation where the killer slowly reveals what he knows.', [
      'suspense',
      'dialogue',
    ]),
    s('Followed home', 'She realises a stranger has followed her home and is inside the house.', [
      'suspense',
      'scary',
    ]),
    s('The plot twist', 'The twist: the witness was the murderer all along.', ['twist', 'mystery']),
    s('Rooftop standoff', 'A tense standoff with a hostage on the rooftop as sirens close in.', [
      'suspense',
      'standoff',
    ]),
  ],
  Action: [
    s('Car chase', 'A high-speed car chase through city streets ends in a spectacular crash.', [
      'chase',
      'stunts',
    ]),
    s('The shootout', 'A warehouse shootout with bullets flying and crates exploding.', [
      'shootout',
      'explosions',
    ]),
    s('Hand-to-hand fight', 'A brutal hand-to-hand fight on a moving train.', ['fight', 'stunts']),
    s('The heist', 'The crew breaks into the vault with seconds to spare before the alarm.', [
      'heist',
      'tension',
    ]),
    s('Explosion escape', 'The hero leaps from the building as the explosion tears through it.', [
      'explosions',
      'stunts',
    ]),
    s('Helicopter pursuit', 'A helicopter pursuit over the harbour at night.', [
      'chase',
      'explosions',
    ]),
  ],
  Adventure: [
    s('Treasure map', 'The explorers decipher an ancient treasure map in a candle-lit tomb.', [
      'quest',
      'discovery',
    ]),
    s('Jungle crossing', 'Crossing a rope bridge over a jungle gorge as it starts to snap.', [
      'quest',
      'danger',
    ]),
    s('Setting sail', 'The ship sets sail for uncharted islands at sunrise.', ['journey', 'epic']),
    s('Dragon encounter', 'A dragon wakes in its mountain lair and the heroes must flee.', [
      'fantasy',
      'creature',
    ]),
    s('Desert trek', 'Lost in the desert, the travellers ration their last water.', [
      'journey',
      'survival',
    ]),
    s('The discovery', 'A hidden city is discovered beneath the ice.', ['discovery', 'epic']),
  ],
  Musical: [
    s('Opening number', 'The whole street bursts into song and dance in the opening number.', [
      'song',
      'dance',
    ]),
    s('The audition', 'A shy singer auditions and stuns the room with a powerful ballad.', [
      'song',
      'performance',
    ]),
    s('Duet at dusk', 'A romantic duet sung on a rooftop at dusk.', ['song', 'romance']),
    s('Tap routine', 'A show-stopping tap dance routine on the stage.', ['dance', 'performance']),
    s('Finale', 'The cast’s grand finale with confetti and a standing ovation.', [
      'song',
      'finale',
    ]),
    s('Rehearsal', 'A chaotic rehearsal where nobody knows the choreography.', ['dance', 'funny']),
  ],
  Western: [
    s('High noon duel', 'Two gunslingers face off in a dusty street at high noon.', [
      'duel',
      'shootout',
    ]),
    s('Saloon brawl', 'A saloon brawl breaks out over a game of poker.', ['fight', 'saloon']),
    s('Cattle drive', 'Cowboys drive the herd across the open prairie.', ['cowboys', 'landscape']),
    s('Train robbery', 'Outlaws on horseback rob the train in the canyon.', ['heist', 'horses']),
    s('The sheriff arrives', 'The new sheriff rides into the lawless frontier town.', [
      'cowboys',
      'arrival',
    ]),
    s('Campfire', 'Around the campfire, the old cowboy tells of the war.', ['dialogue', 'cowboys']),
  ],
  Documentary: [
    s('Archive footage', 'Rare archive footage shows the events as they happened.', [
      'archive',
      'history',
    ]),
    s('The interview', 'An eyewitness interview recalls what really happened.', [
      'interview',
      'true story',
    ]),
    s('On location', 'The crew follows researchers on location in the field.', [
      'nature',
      'science',
    ]),
    s('The data', 'Charts and numbers explain the scale of the problem.', ['science', 'explainer']),
    s('Behind the scenes', 'Behind the scenes with the people who made it happen.', [
      'behind the scenes',
      'interview',
    ]),
    s('Closing reflection', 'A closing reflection on what has changed since.', [
      'reflection',
      'history',
    ]),
  ],
  'Black Comedy': [
    s('The botched plan', 'A botched kidnapping plan goes darkly, absurdly wrong.', [
      'dark humour',
      'crime',
    ]),
    s('Body in the trunk', 'Two hapless friends try to hide a body in the trunk.', [
      'dark humour',
      'crime',
    ]),
    s('Funeral farce', 'A funeral turns into farce when the coffin is the wrong one.', [
      'dark humour',
      'funny',
    ]),
    s('The office massacre', 'A corporate satire where the layoffs get grimly literal.', [
      'satire',
      'dark humour',
    ]),
    s('Dinner of lies', 'A family dinner full of poisonous secrets and deadpan jokes.', [
      'satire',
      'dialogue',
    ]),
    s('The getaway', 'A getaway car that will not start, with the police arriving.', [
      'crime',
      'funny',
    ]),
  ],
  'Concert/Performance': [
    s('Opening song', 'The band takes the stage to a roaring crowd for the opening song.', [
      'concert',
      'music',
    ]),
    s('Guitar solo', 'A blistering guitar solo under the spotlight.', ['concert', 'music']),
    s('Backstage', 'Backstage nerves before the show.', ['behind the scenes', 'music']),
    s('Crowd singalong', 'The whole stadium sings the chorus together.', ['concert', 'crowd']),
    s('Encore', 'The encore nobody expected.', ['concert', 'finale']),
    s('Soundcheck', 'An empty arena at soundcheck.', ['music', 'behind the scenes']),
  ],
  default: [
    s('Opening scene', 'The opening scene introduces the main characters and their world.', [
      'opening',
      'characters',
    ]),
    s('The turning point', 'A turning point changes everything for the hero.', [
      'turning point',
      'tension',
    ]),
    s('A quiet moment', 'A quiet moment of conversation between two old friends.', [
      'dialogue',
      'emotional',
    ]),
    s('The confrontation', 'The long-awaited confrontation finally happens.', [
      'tension',
      'confrontation',
    ]),
    s('Final scene', 'The final scene ties the story together.', ['finale', 'ending']),
    s('The journey', 'Travelling across the country to find the answer.', ['journey', 'road trip']),
  ],
};
