package dev.hookguard.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.sender.Backoff;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.StormConfig;
import dev.hookguard.servlet.Intake;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void shouldDefaultToTheIssuesStorm() {
        DemoOptions options = CommandLine.parse();

        assertThat(options.storm().events()).isEqualTo(10_000);
        assertThat(options.storm().copies()).isEqualTo(3);
        assertThat(options.storm().senders()).isEqualTo(32);
        assertThat(options.storm().failureRate()).isEqualTo(0.02);
        assertThat(options.storm().backoff()).isEqualTo(Backoff.ofDefaults());
        assertThat(options.store()).isEqualTo(StoreKind.H2);
        assertThat(options.port()).isZero();
        assertThat(options.handlerTime()).isEqualTo(Duration.ofMillis(10));
        assertThat(options.serve()).isFalse();
        assertThat(options.help()).isFalse();
        assertThat(options.sender()).isEqualTo(SenderKind.RETRYING);
        assertThat(options.intake()).isEqualTo(Intake.SYNC);
        assertThat(options.receiverSettles()).isFalse();
    }

    @Test
    void shouldSendEachEventOnceAndNeverRetryLikeGitHub() {
        DemoOptions options = CommandLine.parse("--sender=github");

        assertThat(options.sender()).isEqualTo(SenderKind.GITHUB);
        assertThat(options.storm().copies()).isEqualTo(1);
        assertThat(options.storm().backoff().maxAttempts()).isEqualTo(1);
        assertThat(options.receiverSettles()).isTrue();
        assertThat(CommandLine.parse("--sender", "github", "--copies=2").storm().copies())
                .isEqualTo(2);
    }

    @Test
    void shouldTakeDeliveriesInAsynchronously() {
        DemoOptions options = CommandLine.parse("--intake=async", "--handler-time=2s");

        assertThat(options.intake()).isEqualTo(Intake.ASYNC);
        assertThat(options.handlerTime()).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.sender()).isEqualTo(SenderKind.RETRYING);
        assertThat(options.receiverSettles()).isTrue();
    }

    @Test
    void shouldNameABadSenderOrIntake() {
        assertThatThrownBy(() -> CommandLine.parse("--sender=carrier-pigeon"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--sender must be retrying or github but was 'carrier-pigeon'");
        assertThatThrownBy(() -> CommandLine.parse("--intake=later"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--intake must be sync or async but was 'later'");
        assertThatThrownBy(() -> CommandLine.parse("--sender=github", "--max-attempts=3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--max-attempts must be 1 with --sender=github (it never retries) but was 3");
    }

    @Test
    void shouldReadEveryFlagInBothForms() {
        DemoOptions options = CommandLine.parse(
                "--events=500",
                "--copies",
                "2",
                "--senders=4",
                "--failure-rate=5%",
                "--tamper-rate",
                "0.5",
                "--stale-rate=0",
                "--store=redis",
                "--port=8080",
                "--serve",
                "--seed=9",
                "--base-delay=10ms",
                "--max-delay=1s",
                "--max-attempts=4",
                "--later-within=PT0.5S",
                "--handler-time",
                "0ms");

        StormConfig storm = options.storm();
        assertThat(storm.events()).isEqualTo(500);
        assertThat(storm.copies()).isEqualTo(2);
        assertThat(storm.senders()).isEqualTo(4);
        assertThat(storm.failureRate()).isEqualTo(0.05);
        assertThat(storm.tamperRate()).isEqualTo(0.5);
        assertThat(storm.staleRate()).isZero();
        assertThat(storm.seed()).isEqualTo(9);
        assertThat(storm.backoff()).isEqualTo(new Backoff(Duration.ofMillis(10), Duration.ofSeconds(1), 4));
        assertThat(storm.laterWithin()).isEqualTo(Duration.ofMillis(500));
        assertThat(options.store()).isEqualTo(StoreKind.REDIS);
        assertThat(options.port()).isEqualTo(8080);
        assertThat(options.handlerTime()).isZero();
        assertThat(options.serve()).isTrue();
    }

    @Test
    void shouldNameTheBadFlagAndItsValue() {
        assertThatThrownBy(() -> CommandLine.parse("--events=many"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--events must be a whole number but was 'many'");
        assertThatThrownBy(() -> CommandLine.parse("--store=mongo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--store must be h2, redis or postgres but was 'mongo'");
        assertThatThrownBy(() -> CommandLine.parse("--failure-rate=lots"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--failure-rate")
                .hasMessageContaining("'lots'");
        assertThatThrownBy(() -> CommandLine.parse("--max-delay=soon"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--max-delay")
                .hasMessageContaining("'soon'");
        assertThatThrownBy(() -> CommandLine.parse("--copies"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--copies needs a value");
        assertThatThrownBy(() -> CommandLine.parse("--colour"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option '--colour'; see --help");
        assertThatThrownBy(() -> CommandLine.parse("--failure-rate=150%"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("failureRate must be between 0 and 1 but was 1.5");
        assertThatThrownBy(() -> CommandLine.parse("--port=70000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--port must be between 0 and 65535 but was 70000");
    }
}
