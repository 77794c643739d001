/**
 * The peers: Apache Camel's {@code JdbcMessageIdRepository} and Spring Integration's {@code JdbcMetadataStore}
 * and {@code RedisMetadataStore}, each deduplicating one new message id per operation on the same PostgreSQL and
 * Redis as Hookguard's store benchmarks. They record only that an id was seen; Hookguard also keeps a lease, a
 * fencing token and the stored response.
 */
@NullMarked
package dev.hookguard.benchmarks.peers;

import org.jspecify.annotations.NullMarked;
