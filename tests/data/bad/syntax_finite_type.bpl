// ERROR: 2:6: 'finite' types are not supported
type finite T;
