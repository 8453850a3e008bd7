/**
 * Google Places autocomplete, loaded only on the forms that have an address and only when the server has a
 * Maps key (GET /app-config). The types below are the few members of the Maps JavaScript API we touch, so the
 * app needs no @types package for a script it may never load.
 */
type AddressComponent = { long_name: string; short_name: string; types: string[] };
export type PlaceResult = {
  address_components?: AddressComponent[];
  geometry?: { location?: { lat(): number; lng(): number } };
};
type Autocomplete = {
  addListener(event: 'place_changed', handler: () => void): unknown;
  getPlace(): PlaceResult;
};
type PlacesNamespace = {
  Autocomplete: new (
    input: HTMLInputElement,
    options?: { fields?: string[]; types?: string[] },
  ) => Autocomplete;
};
type MapsWindow = Window & { google?: { maps?: { places?: PlacesNamespace } } };

let loading: Promise<PlacesNamespace> | null = null;

/** Injects the Maps script once (with the places library) and resolves with `google.maps.places`. */
export function loadPlaces(key: string): Promise<PlacesNamespace> {
  const existing = (window as MapsWindow).google?.maps?.places;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<PlacesNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places`;
    script.async = true;
    script.onload = () => {
      const places = (window as MapsWindow).google?.maps?.places;
      if (places) resolve(places);
      else reject(new Error('Google Maps loaded without the places library'));
    };
    script.onerror = () => {
      // Offline or blocked: the fields stay plain, and the next form may try again.
      loading = null;
      reject(new Error('Google Maps could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export type ParsedAddress = {
  address_line1: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
};

/** A chosen place as our address fields: street number and route on line 1, locality, state, ZIP, country. */
export function parsePlace(place: PlaceResult): ParsedAddress {
  const part = (type: string, short = false) => {
    const found = place.address_components?.find((c) => c.types.includes(type));
    return found ? (short ? found.short_name : found.long_name) : '';
  };
  const location = place.geometry?.location;
  return {
    address_line1: [part('street_number'), part('route')].filter(Boolean).join(' '),
    city: part('locality') || part('postal_town') || part('sublocality'),
    region: part('administrative_area_level_1', true),
    postal_code: part('postal_code'),
    country: part('country'),
    latitude: location ? Number(location.lat().toFixed(6)) : null,
    longitude: location ? Number(location.lng().toFixed(6)) : null,
  };
}
