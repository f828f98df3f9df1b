/**
 * Real places as people type them into a job's location: street addresses, postal codes with their
 * city, cities with a region or country, bare names, in the local forms of each country. Each names
 * the city it means (any of `city`, accents and case ignored) and its ISO 3166-1 country; `state`
 * (the ISO 3166-2 code) and `near` ([latitude, longitude], within 30 km) tell apart namesakes of one
 * country. corpus.test.ts runs the offline gazetteer over all of them.
 */
export interface CorpusAddress {
  input: string;
  city: string | string[];
  country: string;
  state?: string;
  near?: [number, number];
}

export const addressCorpus: CorpusAddress[] = [
  // United States
  {
    input: '1600 Amphitheatre Parkway, Mountain View, CA 94043',
    city: 'Mountain View',
    country: 'US',
    near: [37.42, -122.08],
  },
  { input: '1 Apple Park Way, Cupertino, CA 95014', city: 'Cupertino', country: 'US' },
  { input: '350 Fifth Avenue, New York, NY 10118', city: ['New York City', 'New York'], country: 'US' },
  {
    input: '1600 Pennsylvania Avenue NW, Washington, DC 20500',
    city: ['Washington, D.C.', 'Washington'],
    country: 'US',
    state: 'DC',
  },
  { input: '233 S Wacker Dr, Chicago, IL 60606', city: 'Chicago', country: 'US' },
  { input: '400 Broad St, Seattle, WA 98109', city: 'Seattle', country: 'US' },
  { input: '1 Microsoft Way, Redmond, WA 98052', city: 'Redmond', country: 'US', state: 'WA' },
  { input: 'Austin, TX 78701', city: 'Austin', country: 'US', state: 'TX' },
  { input: 'Boston, MA 02108', city: 'Boston', country: 'US', state: 'MA' },
  { input: 'Springfield, IL 62701', city: 'Springfield', country: 'US', state: 'IL' },
  { input: 'Portland, ME 04101', city: 'Portland', country: 'US', state: 'ME' },
  { input: 'Denver, Colorado', city: 'Denver', country: 'US', state: 'CO' },
  { input: 'Miami, FL', city: 'Miami', country: 'US', state: 'FL' },
  { input: '1 Market St, San Francisco, CA 94105', city: 'San Francisco', country: 'US' },
  { input: '2211 N 1st St, San Jose, CA 95131', city: 'San Jose', country: 'US', state: 'CA' },
  { input: 'Atlanta, GA 30303', city: 'Atlanta', country: 'US', state: 'GA' },
  { input: 'Los Angeles, California', city: 'Los Angeles', country: 'US' },
  { input: '94105', city: 'San Francisco', country: 'US' },
  // Canada
  { input: '290 Bremner Blvd, Toronto, ON M5V 3L9', city: 'Toronto', country: 'CA' },
  { input: '1055 Canada Place, Vancouver, BC V6C 0C3', city: 'Vancouver', country: 'CA' },
  { input: 'Montréal, QC H3B 4W8', city: 'Montréal', country: 'CA' },
  { input: '111 Wellington St, Ottawa, ON K1A 0A9', city: 'Ottawa', country: 'CA' },
  { input: 'Calgary, Alberta', city: 'Calgary', country: 'CA' },
  { input: 'M5V 3L9', city: 'Toronto', country: 'CA' },
  // United Kingdom
  { input: '10 Downing Street, London SW1A 2AA', city: 'London', country: 'GB' },
  { input: 'SW1A 1AA London', city: 'London', country: 'GB' },
  { input: '221B Baker Street, London NW1 6XE', city: 'London', country: 'GB' },
  { input: 'Sir Matt Busby Way, Manchester M16 0RA', city: 'Manchester', country: 'GB' },
  { input: 'Edinburgh EH1 2NG', city: 'Edinburgh', country: 'GB' },
  { input: 'Cardiff CF10 3NP', city: 'Cardiff', country: 'GB' },
  { input: 'Broad St, Oxford OX1 3BD', city: 'Oxford', country: 'GB' },
  { input: 'Birmingham B1 1BB, United Kingdom', city: 'Birmingham', country: 'GB' },
  { input: 'Glasgow G2 1DU', city: 'Glasgow', country: 'GB' },
  { input: 'Manchester, England', city: 'Manchester', country: 'GB' },
  // Germany
  { input: '10115 Berlin', city: 'Berlin', country: 'DE' },
  { input: 'Platz der Republik 1, 11011 Berlin', city: 'Berlin', country: 'DE' },
  { input: 'Marienplatz 8, 80331 München', city: ['Munich', 'München'], country: 'DE' },
  { input: 'Römerberg 27, 60311 Frankfurt am Main', city: 'Frankfurt am Main', country: 'DE' },
  { input: 'Domkloster 4, 50667 Köln', city: ['Köln', 'Cologne'], country: 'DE' },
  { input: '70173 Stuttgart', city: 'Stuttgart', country: 'DE' },
  { input: 'Königsallee 1, 40212 Düsseldorf', city: 'Düsseldorf', country: 'DE' },
  { input: 'Hamburg, Germany', city: 'Hamburg', country: 'DE' },
  { input: 'Leipzig, Deutschland', city: 'Leipzig', country: 'DE' },
  // France
  { input: '75008 Paris, France', city: 'Paris', country: 'FR' },
  { input: 'Champ de Mars, 5 Avenue Anatole France, 75007 Paris', city: 'Paris', country: 'FR' },
  { input: 'Place Bellecour, 69002 Lyon', city: 'Lyon', country: 'FR' },
  { input: '13001 Marseille', city: 'Marseille', country: 'FR' },
  { input: 'Place du Capitole, 31000 Toulouse', city: 'Toulouse', country: 'FR' },
  { input: 'Bordeaux, France', city: 'Bordeaux', country: 'FR' },
  { input: '06000 Nice', city: 'Nice', country: 'FR' },
  { input: '1 Rue de la Paix, 75002 Paris', city: 'Paris', country: 'FR' },
  // Spain
  { input: 'Calle de Alcalá 50, 28014 Madrid', city: 'Madrid', country: 'ES' },
  { input: 'Carrer de Mallorca 401, 08013 Barcelona', city: 'Barcelona', country: 'ES' },
  { input: 'Valencia, Spain', city: 'Valencia', country: 'ES' },
  { input: '41004 Sevilla', city: ['Sevilla', 'Seville'], country: 'ES' },
  { input: 'Bilbao, España', city: 'Bilbao', country: 'ES' },
  { input: 'Plaça de Catalunya, 08002 Barcelona', city: 'Barcelona', country: 'ES' },
  // Italy
  { input: 'Piazza del Colosseo 1, 00184 Roma', city: ['Rome', 'Roma'], country: 'IT' },
  { input: 'Via Dante 2, 20121 Milano', city: ['Milan', 'Milano'], country: 'IT' },
  { input: 'Florence, Italy', city: ['Florence', 'Firenze'], country: 'IT' },
  { input: 'Piazza del Plebiscito, 80132 Napoli', city: ['Naples', 'Napoli'], country: 'IT' },
  { input: '10121 Torino TO', city: ['Turin', 'Torino'], country: 'IT' },
  { input: 'Venice, Italy', city: ['Venice', 'Venezia'], country: 'IT' },
  // Netherlands
  { input: 'Dam 1, 1012 JS Amsterdam', city: 'Amsterdam', country: 'NL' },
  { input: '1012 AB Amsterdam', city: 'Amsterdam', country: 'NL' },
  { input: 'Coolsingel 40, 3011 AD Rotterdam', city: 'Rotterdam', country: 'NL' },
  { input: 'Utrecht, Netherlands', city: 'Utrecht', country: 'NL' },
  { input: 'Den Haag', city: ['The Hague', 'Den Haag'], country: 'NL' },
  // Portugal
  { input: 'Lisbon', city: ['Lisbon', 'Lisboa'], country: 'PT', state: '11' },
  { input: 'Praça do Comércio, 1100-148 Lisboa', city: ['Lisbon', 'Lisboa'], country: 'PT' },
  { input: 'Porto, Portugal', city: 'Porto', country: 'PT' },
  { input: 'Avenida dos Aliados, 4000-064 Porto', city: 'Porto', country: 'PT' },
  // Switzerland
  { input: 'Bahnhofstrasse 12, 8001 Zürich', city: 'Zürich', country: 'CH' },
  { input: '1201 Genève', city: ['Genève', 'Geneva'], country: 'CH' },
  { input: 'Bern, Switzerland', city: 'Bern', country: 'CH' },
  { input: '4051 Basel', city: 'Basel', country: 'CH' },
  // Austria
  { input: 'Stephansplatz 1, 1010 Wien', city: ['Vienna', 'Wien'], country: 'AT' },
  { input: 'Salzburg, Austria', city: 'Salzburg', country: 'AT' },
  // Brazil
  { input: 'São Paulo, Brazil', city: 'São Paulo', country: 'BR' },
  { input: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200', city: 'São Paulo', country: 'BR' },
  { input: 'Rio de Janeiro, RJ', city: 'Rio de Janeiro', country: 'BR' },
  { input: 'Brasília, DF', city: 'Brasília', country: 'BR' },
  // Japan
  { input: 'Tokyo, Japan', city: 'Tokyo', country: 'JP' },
  { input: '1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005', city: 'Tokyo', country: 'JP' },
  { input: 'Osaka, Japan', city: 'Osaka', country: 'JP' },
  // Australia
  { input: 'Bennelong Point, Sydney NSW 2000', city: 'Sydney', country: 'AU' },
  { input: 'Melbourne VIC 3000', city: 'Melbourne', country: 'AU' },
  { input: 'Brisbane, Queensland', city: 'Brisbane', country: 'AU' },
  { input: 'Perth WA 6000', city: 'Perth', country: 'AU' },
  // India
  { input: 'Bengaluru, Karnataka 560001', city: ['Bengaluru', 'Bangalore'], country: 'IN' },
  { input: 'Mumbai 400001', city: 'Mumbai', country: 'IN' },
  { input: 'New Delhi, India', city: 'New Delhi', country: 'IN' },
  // Ireland
  { input: 'Dublin 2, Ireland', city: 'Dublin', country: 'IE' },
  { input: 'Cork, Ireland', city: 'Cork', country: 'IE' },
  { input: 'Gordon House, Barrow Street, Dublin 4, D04 E5W5', city: 'Dublin', country: 'IE' },
  // Mexico
  { input: 'Ciudad de México, CDMX', city: ['Mexico City', 'Ciudad de México'], country: 'MX' },
  { input: 'Guadalajara, Jalisco', city: 'Guadalajara', country: 'MX' },
  // Nordics, Poland, Belgium, Singapore
  { input: 'Drottninggatan 1, 111 51 Stockholm', city: 'Stockholm', country: 'SE' },
  { input: 'Karl Johans gate 1, 0154 Oslo', city: 'Oslo', country: 'NO' },
  { input: 'Rynek Główny 1, 31-042 Kraków', city: 'Kraków', country: 'PL' },
  { input: 'Grand-Place 1, 1000 Bruxelles', city: ['Brussels', 'Bruxelles'], country: 'BE' },
  { input: '1 Raffles Place, Singapore 048616', city: 'Singapore', country: 'SG' },
  { input: 'Nyhavn 1, 1051 København K', city: ['Copenhagen', 'København'], country: 'DK' },
  // Offices and landmarks written as their owners publish them (a second set, added after the first passed)
  {
    input: 'One Microsoft Place, South County Business Park, Leopardstown, Dublin 18, D18 P521',
    city: 'Dublin',
    country: 'IE',
  },
  { input: 'Erika-Mann-Str. 33, 80636 München', city: ['Munich', 'München'], country: 'DE' },
  { input: 'Brandschenkestrasse 110, 8002 Zürich', city: 'Zürich', country: 'CH' },
  { input: '8 Rue de Londres, 75009 Paris', city: 'Paris', country: 'FR' },
  { input: 'Plaza Pablo Ruiz Picasso 1, 28020 Madrid', city: 'Madrid', country: 'ES' },
  { input: 'Claude Debussylaan 34, 1082 MD Amsterdam', city: 'Amsterdam', country: 'NL' },
  { input: '6 Pancras Square, London N1C 4AG', city: 'London', country: 'GB' },
  { input: '48 Pirrama Road, Pyrmont NSW 2009', city: 'Sydney', country: 'AU' },
  { input: '111 8th Avenue, New York, NY 10011', city: ['New York City', 'New York'], country: 'US' },
  { input: '1 Hacker Way, Menlo Park, CA 94025', city: 'Menlo Park', country: 'US' },
  { input: '410 Terry Ave N, Seattle, WA 98109', city: 'Seattle', country: 'US' },
  { input: 'Av. Brigadeiro Faria Lima, 3477, São Paulo - SP, 04538-133', city: 'São Paulo', country: 'BR' },
  {
    input: 'Roppongi Hills Mori Tower, 6-10-1 Roppongi, Minato-ku, Tokyo 106-6126',
    city: 'Tokyo',
    country: 'JP',
  },
  { input: 'Via Federico Confalonieri 4, 20124 Milano MI', city: ['Milan', 'Milano'], country: 'IT' },
  { input: 'Tucholskystraße 2, 10117 Berlin, Deutschland', city: 'Berlin', country: 'DE' },
  { input: 'Kungsgatan 49, 111 22 Stockholm, Sweden', city: 'Stockholm', country: 'SE' },
  { input: 'ul. Emilii Plater 53, 00-113 Warszawa', city: ['Warsaw', 'Warszawa'], country: 'PL' },
  { input: 'Rue du Rhône 8, 1204 Genève', city: ['Genève', 'Geneva'], country: 'CH' },
  { input: 'Kärntner Ring 12, 1010 Wien, Österreich', city: ['Vienna', 'Wien'], country: 'AT' },
  { input: 'Avenida da Liberdade 110, 1250-146 Lisboa, Portugal', city: ['Lisbon', 'Lisboa'], country: 'PT' },
  { input: '3 Bayside Village Pl, San Francisco, CA 94107', city: 'San Francisco', country: 'US' },
  { input: '151 Front St W, Toronto, ON M5J 2N1', city: 'Toronto', country: 'CA' },
  {
    input: 'Paseo de la Reforma 505, Cuauhtémoc, 06500 Ciudad de México, CDMX',
    city: ['Mexico City', 'Ciudad de México'],
    country: 'MX',
  },
  {
    input: 'Bagmane Tech Park, C V Raman Nagar, Bengaluru, Karnataka 560093',
    city: ['Bengaluru', 'Bangalore'],
    country: 'IN',
  },
  { input: 'Boulevard du Souverain 24, 1170 Bruxelles', city: ['Brussels', 'Bruxelles'], country: 'BE' },
  { input: 'Edinburgh, Scotland', city: 'Edinburgh', country: 'GB' },
  { input: 'Hamburg', city: 'Hamburg', country: 'DE' },
  { input: 'Denver, CO 80202', city: 'Denver', country: 'US' },
  { input: 'Oslo, Norway', city: 'Oslo', country: 'NO' },
  { input: 'Prague, Czech Republic', city: ['Prague', 'Praha'], country: 'CZ' },
];
