package dev.hookguard.testkit.archfixture;

/** A public type outside the fixture's API package and its internal ones. */
public final class StrayPublic {}
