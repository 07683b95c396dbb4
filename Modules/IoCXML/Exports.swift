// The error this front end throws, `ConfigError`, and what it shares with the other front ends
// are IoCConfig's: importing this module is enough to catch and read them.
@_exported import IoCConfig
