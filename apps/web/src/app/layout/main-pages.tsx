import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import MapIcon from '@mui/icons-material/Map';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WbSunnyIcon from '@mui/icons-material/WbSunny';

/** The main pages, shared by the mobile left drawer and the desktop top-bar links. */
export const MAIN_PAGES = [
  { key: 'home', to: '/', icon: <HomeIcon /> },
  { key: 'map', to: '/map', icon: <MapIcon /> },
  { key: 'portCalls', to: '/portcalls', icon: <DirectionsBoatIcon /> },
  { key: 'portServices', to: '/port-services', icon: <StorefrontIcon /> },
  { key: 'search', to: '/s', icon: <SearchIcon /> },
  { key: 'weather', to: '/weather', icon: <WbSunnyIcon /> },
  { key: 'about', to: '/about', icon: <InfoIcon /> },
] as const;
