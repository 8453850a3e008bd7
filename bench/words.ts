/** Word lists for the generated data set: real cities and regions, common first and last names. */

export type City = { city: string; region: string; lat: number; lng: number; zip: number };

export const CITIES: City[] = [
  { city: 'New York', region: 'New York', lat: 40.71, lng: -74.0, zip: 10001 },
  { city: 'Los Angeles', region: 'California', lat: 34.05, lng: -118.24, zip: 90001 },
  { city: 'Chicago', region: 'Illinois', lat: 41.88, lng: -87.63, zip: 60601 },
  { city: 'Houston', region: 'Texas', lat: 29.76, lng: -95.37, zip: 77001 },
  { city: 'Phoenix', region: 'Arizona', lat: 33.45, lng: -112.07, zip: 85001 },
  { city: 'Philadelphia', region: 'Pennsylvania', lat: 39.95, lng: -75.17, zip: 19101 },
  { city: 'San Antonio', region: 'Texas', lat: 29.42, lng: -98.49, zip: 78201 },
  { city: 'San Diego', region: 'California', lat: 32.72, lng: -117.16, zip: 92101 },
  { city: 'Dallas', region: 'Texas', lat: 32.78, lng: -96.8, zip: 75201 },
  { city: 'San Jose', region: 'California', lat: 37.34, lng: -121.89, zip: 95101 },
  { city: 'Austin', region: 'Texas', lat: 30.27, lng: -97.74, zip: 73301 },
  { city: 'Jacksonville', region: 'Florida', lat: 30.33, lng: -81.66, zip: 32099 },
  { city: 'Fort Worth', region: 'Texas', lat: 32.76, lng: -97.33, zip: 76101 },
  { city: 'Columbus', region: 'Ohio', lat: 39.96, lng: -83.0, zip: 43085 },
  { city: 'Charlotte', region: 'North Carolina', lat: 35.23, lng: -80.84, zip: 28201 },
  { city: 'Indianapolis', region: 'Indiana', lat: 39.77, lng: -86.16, zip: 46201 },
  { city: 'San Francisco', region: 'California', lat: 37.77, lng: -122.42, zip: 94102 },
  { city: 'Seattle', region: 'Washington', lat: 47.61, lng: -122.33, zip: 98101 },
  { city: 'Denver', region: 'Colorado', lat: 39.74, lng: -104.99, zip: 80201 },
  { city: 'Nashville', region: 'Tennessee', lat: 36.16, lng: -86.78, zip: 37201 },
  { city: 'Oklahoma City', region: 'Oklahoma', lat: 35.47, lng: -97.52, zip: 73101 },
  { city: 'El Paso', region: 'Texas', lat: 31.76, lng: -106.49, zip: 79901 },
  { city: 'Boston', region: 'Massachusetts', lat: 42.36, lng: -71.06, zip: 2108 },
  { city: 'Portland', region: 'Oregon', lat: 45.52, lng: -122.68, zip: 97201 },
  { city: 'Las Vegas', region: 'Nevada', lat: 36.17, lng: -115.14, zip: 89101 },
  { city: 'Detroit', region: 'Michigan', lat: 42.33, lng: -83.05, zip: 48201 },
  { city: 'Memphis', region: 'Tennessee', lat: 35.15, lng: -90.05, zip: 37501 },
  { city: 'Louisville', region: 'Kentucky', lat: 38.25, lng: -85.76, zip: 40201 },
  { city: 'Baltimore', region: 'Maryland', lat: 39.29, lng: -76.61, zip: 21201 },
  { city: 'Milwaukee', region: 'Wisconsin', lat: 43.04, lng: -87.91, zip: 53201 },
  { city: 'Albuquerque', region: 'New Mexico', lat: 35.08, lng: -106.65, zip: 87101 },
  { city: 'Tucson', region: 'Arizona', lat: 32.22, lng: -110.97, zip: 85701 },
  { city: 'Fresno', region: 'California', lat: 36.74, lng: -119.79, zip: 93650 },
  { city: 'Sacramento', region: 'California', lat: 38.58, lng: -121.49, zip: 94203 },
  { city: 'Kansas City', region: 'Missouri', lat: 39.1, lng: -94.58, zip: 64101 },
  { city: 'Mesa', region: 'Arizona', lat: 33.42, lng: -111.83, zip: 85201 },
  { city: 'Atlanta', region: 'Georgia', lat: 33.75, lng: -84.39, zip: 30301 },
  { city: 'Omaha', region: 'Nebraska', lat: 41.26, lng: -95.93, zip: 68101 },
  { city: 'Colorado Springs', region: 'Colorado', lat: 38.83, lng: -104.82, zip: 80901 },
  { city: 'Raleigh', region: 'North Carolina', lat: 35.78, lng: -78.64, zip: 27601 },
  { city: 'Miami', region: 'Florida', lat: 25.76, lng: -80.19, zip: 33101 },
  { city: 'Long Beach', region: 'California', lat: 33.77, lng: -118.19, zip: 90801 },
  { city: 'Virginia Beach', region: 'Virginia', lat: 36.85, lng: -75.98, zip: 23450 },
  { city: 'Oakland', region: 'California', lat: 37.8, lng: -122.27, zip: 94601 },
  { city: 'Minneapolis', region: 'Minnesota', lat: 44.98, lng: -93.27, zip: 55401 },
  { city: 'Tulsa', region: 'Oklahoma', lat: 36.15, lng: -95.99, zip: 74101 },
  { city: 'Tampa', region: 'Florida', lat: 27.95, lng: -82.46, zip: 33601 },
  { city: 'Arlington', region: 'Texas', lat: 32.74, lng: -97.11, zip: 76001 },
  { city: 'New Orleans', region: 'Louisiana', lat: 29.95, lng: -90.07, zip: 70112 },
  { city: 'Wichita', region: 'Kansas', lat: 37.69, lng: -97.34, zip: 67201 },
  { city: 'Cleveland', region: 'Ohio', lat: 41.5, lng: -81.69, zip: 44101 },
  { city: 'Bakersfield', region: 'California', lat: 35.37, lng: -119.02, zip: 93301 },
  { city: 'Aurora', region: 'Colorado', lat: 39.73, lng: -104.83, zip: 80010 },
  { city: 'Anaheim', region: 'California', lat: 33.84, lng: -117.91, zip: 92801 },
  { city: 'Honolulu', region: 'Hawaii', lat: 21.31, lng: -157.86, zip: 96801 },
  { city: 'Santa Ana', region: 'California', lat: 33.75, lng: -117.87, zip: 92701 },
  { city: 'Riverside', region: 'California', lat: 33.95, lng: -117.4, zip: 92501 },
  { city: 'Corpus Christi', region: 'Texas', lat: 27.8, lng: -97.4, zip: 78401 },
  { city: 'Lexington', region: 'Kentucky', lat: 38.04, lng: -84.5, zip: 40502 },
  { city: 'Pittsburgh', region: 'Pennsylvania', lat: 40.44, lng: -80.0, zip: 15201 },
  { city: 'Anchorage', region: 'Alaska', lat: 61.22, lng: -149.9, zip: 99501 },
  { city: 'Stockton', region: 'California', lat: 37.96, lng: -121.29, zip: 95201 },
  { city: 'Cincinnati', region: 'Ohio', lat: 39.1, lng: -84.51, zip: 45201 },
  { city: 'Saint Paul', region: 'Minnesota', lat: 44.95, lng: -93.09, zip: 55101 },
  { city: 'Toledo', region: 'Ohio', lat: 41.65, lng: -83.54, zip: 43601 },
  { city: 'Greensboro', region: 'North Carolina', lat: 36.07, lng: -79.79, zip: 27401 },
  { city: 'Newark', region: 'New Jersey', lat: 40.74, lng: -74.17, zip: 7101 },
  { city: 'Plano', region: 'Texas', lat: 33.02, lng: -96.7, zip: 75023 },
  { city: 'Henderson', region: 'Nevada', lat: 36.04, lng: -114.98, zip: 89002 },
  { city: 'Lincoln', region: 'Nebraska', lat: 40.81, lng: -96.7, zip: 68501 },
  { city: 'Buffalo', region: 'New York', lat: 42.89, lng: -78.88, zip: 14201 },
  { city: 'Fort Wayne', region: 'Indiana', lat: 41.08, lng: -85.14, zip: 46801 },
  { city: 'Jersey City', region: 'New Jersey', lat: 40.73, lng: -74.08, zip: 7097 },
  { city: 'Chula Vista', region: 'California', lat: 32.64, lng: -117.08, zip: 91909 },
  { city: 'Orlando', region: 'Florida', lat: 28.54, lng: -81.38, zip: 32801 },
  { city: 'St. Petersburg', region: 'Florida', lat: 27.77, lng: -82.64, zip: 33701 },
  { city: 'Norfolk', region: 'Virginia', lat: 36.85, lng: -76.29, zip: 23501 },
  { city: 'Chandler', region: 'Arizona', lat: 33.31, lng: -111.84, zip: 85224 },
  { city: 'Laredo', region: 'Texas', lat: 27.51, lng: -99.51, zip: 78040 },
  { city: 'Madison', region: 'Wisconsin', lat: 43.07, lng: -89.4, zip: 53701 },
  { city: 'Durham', region: 'North Carolina', lat: 35.99, lng: -78.9, zip: 27701 },
  { city: 'Lubbock', region: 'Texas', lat: 33.58, lng: -101.86, zip: 79401 },
  { city: 'Winston-Salem', region: 'North Carolina', lat: 36.1, lng: -80.24, zip: 27101 },
  { city: 'Garland', region: 'Texas', lat: 32.91, lng: -96.64, zip: 75040 },
  { city: 'Glendale', region: 'Arizona', lat: 33.54, lng: -112.19, zip: 85301 },
  { city: 'Hialeah', region: 'Florida', lat: 25.86, lng: -80.28, zip: 33010 },
  { city: 'Reno', region: 'Nevada', lat: 39.53, lng: -119.81, zip: 89501 },
  { city: 'Baton Rouge', region: 'Louisiana', lat: 30.45, lng: -91.19, zip: 70801 },
  { city: 'Irvine', region: 'California', lat: 33.68, lng: -117.83, zip: 92602 },
  { city: 'Chesapeake', region: 'Virginia', lat: 36.77, lng: -76.29, zip: 23320 },
  { city: 'Irving', region: 'Texas', lat: 32.81, lng: -96.95, zip: 75014 },
  { city: 'Scottsdale', region: 'Arizona', lat: 33.49, lng: -111.93, zip: 85250 },
  { city: 'Boise', region: 'Idaho', lat: 43.62, lng: -116.2, zip: 83701 },
  { city: 'Spokane', region: 'Washington', lat: 47.66, lng: -117.43, zip: 99201 },
  { city: 'Richmond', region: 'Virginia', lat: 37.54, lng: -77.44, zip: 23218 },
  { city: 'Des Moines', region: 'Iowa', lat: 41.59, lng: -93.62, zip: 50301 },
  { city: 'Salt Lake City', region: 'Utah', lat: 40.76, lng: -111.89, zip: 84101 },
  { city: 'Birmingham', region: 'Alabama', lat: 33.52, lng: -86.8, zip: 35201 },
  { city: 'Rochester', region: 'New York', lat: 43.16, lng: -77.61, zip: 14602 },
  { city: 'Providence', region: 'Rhode Island', lat: 41.82, lng: -71.41, zip: 2901 },
  { city: 'Little Rock', region: 'Arkansas', lat: 34.75, lng: -92.29, zip: 72201 },
  { city: 'Charleston', region: 'South Carolina', lat: 32.78, lng: -79.93, zip: 29401 },
  { city: 'Savannah', region: 'Georgia', lat: 32.08, lng: -81.09, zip: 31401 },
  { city: 'Burlington', region: 'Vermont', lat: 44.48, lng: -73.21, zip: 5401 },
  { city: 'Portland', region: 'Maine', lat: 43.66, lng: -70.26, zip: 4101 },
];

export const FIRST_NAMES = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah ' +
  'Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily ' +
  'Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon ' +
  'Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry ' +
  'Pamela Justin Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn ' +
  'Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce ' +
  'Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn Walter Hannah Christian ' +
  'Andrea Keith Megan Roger Cheryl Terry Jacqueline Austin Madison Sean Teresa Gerald Abigail Carl Sophia Harold Martha Dylan Sara ' +
  'Arthur Gloria Lawrence Janice Jordan Kathryn Jesse Ann Bryan Isabella Billy Judy Bruce Charlotte Gabriel Julia Joe Grace Logan Amber ' +
  'Alan Alice Juan Jean Albert Denise Willie Frances Elijah Danielle Wayne Marilyn Randy Natalie Vincent Beverly Mason Diana Roy Brittany ' +
  'Ralph Theresa Bobby Kayla Russell Alexis Bradley Doris Philip Lori Eugene Tiffany Sofia Chloé José Zoë Renée André'
).split(' ');

export const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres ' +
  'Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz ' +
  'Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos ' +
  'Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers ' +
  'Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons ' +
  'Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran ' +
  'Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen ' +
  'Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks ' +
  'Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols ' +
  'Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vázquez Hansen Peters Santos Hart Bradley ' +
  'Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston ' +
  'Matthews Peña Richards Willis Carpenter Lawrence Sandoval Guerrero George Chapman Rios Estrada Ortega Watkins Greene Núñez Wheeler'
).split(' ');

/** Brand words: name = adjective + noun; "Market" is one noun in two, so the word matches about half the stores. */
export const BRAND_ADJECTIVES = (
  'Golden Blue Green Red Silver Urban Rustic Sunny Happy Little Grand Royal Lucky Fresh Bright Coastal Northern Southern Western Eastern ' +
  'Village Harbor Maple Oak Cedar Pine River Lake Mountain Valley Prairie Desert Ocean Summit Metro Civic Corner Classic Modern Simple ' +
  'Crimson Amber Ivory Jade Copper Iron Velvet Cobalt'
).split(' ');

export const BRAND_NOUNS = (
  'Coffee Bakery Burger Pizza Taco Noodle Grill Kitchen Deli Juice Donut Bagel Smoothie Creamery Fitness Salon Books Pharmacy Optical ' +
  'Hardware Pets Florist Cleaners Wireless Outfitters Cycles Tea Barbecue Sushi Dumpling'
).split(' ');

export const COMPANY_SUFFIXES = [
  'Holdings',
  'Group',
  'Partners',
  'Enterprises',
  'Ventures',
  'Hospitality',
  'Retail',
  'Properties',
  'Realty',
  'Foods',
  'Brands',
  'Capital',
];
export const LEGAL_SUFFIXES = ['LLC', 'Inc.', 'Corp.', 'LP', 'Co.'];
export const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Park Blvd',
  'Washington St',
  'Lake Rd',
  'Hill St',
  'Elm St',
  'Broadway',
  'Market St',
  '2nd Ave',
  'Cedar Ln',
  'Sunset Blvd',
  'Pine St',
  'Center St',
  'Highland Ave',
  'Commerce Dr',
  'Airport Rd',
  'Union St',
  'Church St',
];
export const LOCATIONS = [
  'Downtown',
  'Mall',
  'Airport',
  'Plaza',
  'Station',
  'Uptown',
  'Midtown',
  'Riverside',
  'Crossing',
  'Square',
  'Commons',
  'Village',
  'Outlet',
  'Center',
  'Heights',
];
export const JOB_TITLES = [
  'Store Manager',
  'District Manager',
  'Franchise Owner',
  'Operations Director',
  'Leasing Agent',
  'Property Manager',
  'Accountant',
  'Attorney',
  'Construction Manager',
  'Regional Director',
  'Marketing Lead',
  'Buyer',
  'Assistant Manager',
  'Facilities Coordinator',
  'Controller',
];

/** A surname given to only a handful of records: the "few matches" search term. */
export const RARE_WORD = 'Okonkwo';
