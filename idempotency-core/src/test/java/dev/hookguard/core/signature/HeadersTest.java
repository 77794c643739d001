package dev.hookguard.core.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadersTest {

    @Test
    void shouldFindHeadersWhateverTheCase() {
        Headers headers = Headers.of("Webhook-ID", "msg_1");

        assertThat(headers.first("webhook-id")).contains("msg_1");
        assertThat(headers.first("WEBHOOK-ID")).contains("msg_1");
        assertThat(headers.contains("wEbHoOk-Id")).isTrue();
    }

    @Test
    void shouldKeepSeveralValuesInArrivalOrder() {
        Headers headers = Headers.builder()
                .add("X-Sig", "a")
                .add("x-sig", "b")
                .add("X-SIG", "c")
                .build();

        assertThat(headers.all("x-sig")).containsExactly("a", "b", "c");
        assertThat(headers.first("X-Sig")).contains("a");
    }

    @Test
    void shouldMergeMapKeysThatDifferOnlyInCase() {
        Map<String, List<String>> map = new LinkedHashMap<>();
        map.put("Stripe-Signature", List.of("t=1"));
        map.put("stripe-signature", List.of("v1=ab"));
        map.put("Empty", List.of());

        Headers headers = Headers.of(map);

        assertThat(headers.all("STRIPE-SIGNATURE")).containsExactly("t=1", "v1=ab");
        assertThat(headers.contains("empty")).isFalse();
    }

    @Test
    void shouldAnswerEmptyForAbsentHeaders() {
        assertThat(Headers.empty().all("x")).isEmpty();
        assertThat(Headers.empty().first("x")).isEmpty();
    }

    @Test
    void shouldReplaceHeadersOfTheSameNameWhenMerging() {
        Headers original = Headers.of("X-Sig", "old", "Content-Type", "application/json");

        Headers merged = original.with(Headers.of("x-sig", "new"));

        assertThat(merged.all("X-Sig")).containsExactly("new");
        assertThat(merged.first("content-type")).contains("application/json");
    }

    @Test
    void shouldBeImmutable() {
        Headers headers = Headers.of("a", "1");

        assertThatThrownBy(() -> headers.all("a").add("2")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> headers.values().put("b", List.of("2")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldNotShowValuesInToString() {
        assertThat(Headers.of("Authorization", "Bearer secret-token").toString())
                .contains("authorization")
                .doesNotContain("secret-token");
    }

    @Test
    void shouldRejectAnOddNumberOfNamesAndValues() {
        assertThatThrownBy(() -> Headers.of("a", "1", "b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("namesAndValues");
    }

    @Test
    void shouldBeEqualByContent() {
        assertThat(Headers.of("A", "1")).isEqualTo(Headers.of("a", "1"));
    }

    @Test
    void shouldKeepBuiltHeadersWhateverTheBuilderAddsLater() {
        Headers.Builder builder = Headers.builder().add("X-Sig", "a");
        Headers first = builder.build();

        builder.add("X-Sig", "b").add("X-Other", "c");

        assertThat(first.all("x-sig")).containsExactly("a");
        assertThat(first.contains("x-other")).isFalse();
        assertThat(builder.build().all("x-sig")).containsExactly("b");
    }

    @Test
    void shouldEqualTheSameHeadersMadeFromAMapAndBeReadOnly() {
        Headers built = Headers.builder().add("Stripe-Signature", "t=1").build();
        Headers fromMap = Headers.of(Map.of("stripe-signature", List.of("t=1")));

        assertThat(built).isEqualTo(fromMap).hasSameHashCodeAs(fromMap);
        assertThat(built.values()).containsExactly(Map.entry("stripe-signature", List.of("t=1")));
        assertThatThrownBy(() -> built.values().put("x", List.of("y")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> built.values().keySet().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> built.values().get("stripe-signature").add("v1=ab"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldReadLinesAsTheBuilderWouldWithoutBuildingAMap() {
        String[] lines = {"X-Sig", "a", "Content-Type", "application/json", "x-SIG", "b"};

        Headers headers = Headers.of(lines);
        lines[1] = "changed"; // the array was copied
        Headers built = Headers.builder()
                .add("X-Sig", "a")
                .add("Content-Type", "application/json")
                .add("x-SIG", "b")
                .build();

        assertThat(headers.all("X-SIG")).containsExactly("a", "b");
        assertThat(headers.first("content-type")).contains("application/json");
        assertThat(headers.contains("x-other")).isFalse();
        assertThat(headers.all("x-other")).isEmpty();
        assertThat(headers).isEqualTo(built).hasSameHashCodeAs(built);
        assertThat(headers.values().keySet()).containsExactly("x-sig", "content-type");
        assertThat(headers.values().get("x-sig")).containsExactly("a", "b");
        assertThat(headers.values().get("X-Sig")).isNull(); // the map's names are lower-case, as the builder's
        assertThat(headers.values().containsKey("content-type")).isTrue();
        assertThatThrownBy(() -> headers.all("x-sig").add("c")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> headers.values().keySet().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldRejectANullNameOrValueNamingItsPlace() {
        assertThatThrownBy(() -> Headers.of("a", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("element 1");
    }
}
