package dev.hookguard.testkit.archfixture.internal;

/** An internal type of the fixture. */
public final class Hidden {}
