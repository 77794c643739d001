package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerFactsTest {

    @Test
    void shouldReadOneFieldOfAnInfoReply() {
        String info = "# Persistence\r\nloading:0\r\naof_enabled:1\r\naof_rewrite_in_progress:0\r\n";

        assertThat(ServerFacts.field(info, "aof_enabled")).hasValue("1");
        assertThat(ServerFacts.field(info, "aof")).isEmpty();
    }

    @Test
    void shouldCountOnlyReplicasInSync() {
        String info = "# Replication\r\nrole:master\r\nconnected_slaves:2\r\n"
                + "slave0:ip=127.0.0.1,port=7004,state=online,offset=42,lag=0\r\n"
                + "slave1:ip=127.0.0.1,port=7005,state=wait_bgsave,offset=0,lag=0\r\n";

        assertThat(ServerFacts.onlineReplicas(info)).isEqualTo(1);
    }

    @Test
    void shouldCompareVersionsNumberByNumber() {
        assertThat(ServerFacts.compareVersions("7.0.15", "7.2.0")).isNegative();
        assertThat(ServerFacts.compareVersions("7.10.0", "7.2.0")).isPositive();
        assertThat(ServerFacts.compareVersions("7.2", "7.2.0")).isZero();
    }

    @Test
    void shouldDescribeTheFactsAndTheSettingInOneLine() {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .durability(1, java.time.Duration.ofMillis(500))
                .build();

        assertThat(new ServerFacts("standalone", "7.0.15", true, "everysec", 1).describe(config))
                .isEqualTo("Redis 7.0.15 (standalone): AOF on, appendfsync everysec, 1 replica connected,"
                        + " durability replicas(1, PT0.5S)");
        assertThat(new ServerFacts("standalone", "7.2.4", false, null, 0).hasWaitAof())
                .isTrue();
    }
}
