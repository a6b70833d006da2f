/** Source text used by the API tests; its headings must show up as slide titles. */
export const SAMPLE_CONTENT = `# Solar Microgrids for Rural Clinics

## Why clinics lose power
Rural clinics in the region lose grid power for an average of 9 hours a week. Vaccine refrigerators warm up within four hours, and spoiled stock costs each clinic about 3,400 dollars a year. Diesel generators cover some gaps, but fuel deliveries are unreliable during the rainy season.

## The microgrid design
Each site gets a 12 kilowatt solar array, a 40 kilowatt-hour battery bank and a smart inverter. The controller gives priority to cold storage and lighting in the maternity ward. Remote monitoring reports battery health every fifteen minutes to the district office.

## Pilot results
The pilot ran in six clinics for eighteen months. Unplanned outages fell by 92 percent, and no vaccine stock was lost. Diesel use dropped by 80 percent, which paid back the installation in under four years.

## Rollout plan
The district will equip forty clinics over the next two years. Local technicians are trained to maintain the systems, and spare parts are stocked in three regional hubs. Funding comes from a blend of government grants and a development bank loan.
`;
